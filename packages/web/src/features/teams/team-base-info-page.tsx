import { SaveOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeaderBar } from '../../components/page-header-bar.tsx';
import { FORM_LAYOUT, TeamFields } from './team-fields.tsx';
import { getTeam, type TeamBody, teamKeys, updateTeam } from './teams.api.ts';
import { useCurrentTeamId } from './use-team-context.ts';

/** Name, icon and introduction of the current team. */
export default function TeamBaseInfoPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const teamId = useCurrentTeamId();
  const [form] = Form.useForm<TeamBody>();
  const query = useQuery({
    queryKey: teamKeys.detail(teamId),
    queryFn: () => getTeam(teamId),
    enabled: teamId > 0,
  });
  const team = query.data?.data;

  useEffect(() => {
    if (team) {
      form.setFieldsValue({
        teamName: team.teamName,
        teamIcon: team.teamIcon ?? '',
        introduce: team.introduce,
      });
    }
  }, [team, form]);

  const mutation = useMutation({
    mutationFn: (values: TeamBody) => updateTeam({ ...values, teamId }),
    onSuccess: () => {
      message.success(t('save.success'));
      // The selector shows name and icon too.
      void queryClient.invalidateQueries({ queryKey: teamKeys.all });
    },
  });

  return (
    <Card>
      <PageHeaderBar title={t('team.base-info')} />
      {query.isLoading ? (
        <Skeleton active />
      ) : (
        <Form<TeamBody>
          form={form}
          name="team-base-info"
          {...FORM_LAYOUT}
          onFinish={(values) => mutation.mutate(values)}
        >
          <TeamFields />
          <Form.Item label=" " colon={false}>
            <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={mutation.isPending}>
              {t('save')}
            </Button>
          </Form.Item>
        </Form>
      )}
    </Card>
  );
}
