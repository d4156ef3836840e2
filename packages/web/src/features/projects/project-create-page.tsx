import { CheckOutlined } from '@ant-design/icons';
import type { Member } from '@buglet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Divider, Flex, Form, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeaderBar } from '../../components/page-header-bar.tsx';
import { useSession } from '../../stores/session.store.ts';
import { PROJECT_LIST_PATH, useCurrentTeamId } from '../teams/index.ts';
import { type ChosenMember, ChosenMembersTable } from './chosen-members-table.tsx';
import { ProjectFields } from './project-fields.tsx';
import { DEFAULT_PROJECT_ICON } from './project-icons.ts';
import { createProject, PROJECT_ROLE, type ProjectBody, projectKeys } from './projects.api.ts';
import { TeamMemberPicker } from './team-member-picker.tsx';
import { useProjectRoles } from './use-project-roles.ts';

type ProjectValues = Pick<ProjectBody, 'projectName' | 'projectIcon' | 'projectIntroduce'>;

/** Myself first, as the creator: the server adds me with that role whatever is sent. */
function useInitialMembers(): ChosenMember[] {
  const user = useSession((s) => s.user);
  if (!user) return [];
  const person = { ...user, avatar: user.avatar || null };
  return [{ userId: user.userId, person, roleIds: [PROJECT_ROLE.creator], isFixed: true }];
}

const toChosen = (member: Member): ChosenMember => ({
  userId: member.userId,
  person: member,
  roleIds: [PROJECT_ROLE.developer],
  isFixed: false,
});

/** Create Project: fields, cover, and the members it starts with. */
export default function ProjectCreatePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const teamId = useCurrentTeamId();
  const roles = useProjectRoles();
  const [form] = Form.useForm<ProjectValues>();
  const initialMembers = useInitialMembers();
  const [members, setMembers] = useState<ChosenMember[]>(initialMembers);

  const mutation = useMutation({
    mutationFn: (values: ProjectValues) =>
      createProject({
        ...values,
        teamId,
        members: members.filter((m) => !m.isFixed).map((m) => ({ userId: m.userId, roleIds: m.roleIds })),
      }),
    onSuccess: () => {
      message.success(t('add-success'));
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
      navigate(PROJECT_LIST_PATH);
    },
  });

  const finish = (values: ProjectValues) => {
    if (members.some((m) => m.roleIds.length === 0)) {
      message.warning(t('member.role-required'));
      return;
    }
    mutation.mutate(values);
  };

  return (
    <Card>
      <PageHeaderBar title={t('project.create-project')} />
      <Form<ProjectValues>
        form={form}
        name="project-create"
        layout="vertical"
        initialValues={{ projectIcon: DEFAULT_PROJECT_ICON }}
        onFinish={finish}
      >
        <ProjectFields />
        <Divider />
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('project.member')}
          </Typography.Title>
          <TeamMemberPicker
            teamId={teamId}
            excludeIds={members.map((m) => m.userId)}
            onPick={(member) => setMembers((current) => [...current, toChosen(member)])}
          />
        </Flex>
        <ChosenMembersTable
          members={members}
          allRoles={roles.all}
          assignableRoles={roles.assignable}
          onChange={setMembers}
        />
        <Space style={{ marginTop: 24 }}>
          <Button type="primary" htmlType="submit" icon={<CheckOutlined />} loading={mutation.isPending}>
            {t('project.finish')}
          </Button>
          <Button onClick={() => navigate(-1)}>{t('cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
