import { PlusOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Card, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeaderBar } from '../../components/page-header-bar.tsx';
import { FORM_LAYOUT, TeamFields } from './team-fields.tsx';
import { createTeam, type TeamBody } from './teams.api.ts';
import { useSwitchTeam } from './use-team-context.ts';

/** Create Team (route TeamAdd): the new team becomes the current one and its project list opens. */
export default function TeamCreatePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<TeamBody>();
  const switchTeam = useSwitchTeam();
  const mutation = useMutation({
    mutationFn: async (values: TeamBody) => {
      const res = await createTeam(values);
      message.success(t('team.create-success'));
      if (res.data) await switchTeam(res.data.teamId);
    },
  });

  return (
    <Card>
      <PageHeaderBar title={t('team.create')} />
      <Form<TeamBody>
        form={form}
        name="team-create"
        {...FORM_LAYOUT}
        onFinish={(values) => mutation.mutate(values)}
      >
        <TeamFields />
        <Form.Item label=" " colon={false}>
          <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={mutation.isPending}>
            {t('team.create')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
