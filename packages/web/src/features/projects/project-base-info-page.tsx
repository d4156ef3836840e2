import { SaveOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Skeleton, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeaderBar } from '../../components/page-header-bar.tsx';
import { ProjectFields } from './project-fields.tsx';
import { DEFAULT_PROJECT_ICON } from './project-icons.ts';
import { type ProjectBody, projectKeys, updateProject } from './projects.api.ts';
import { useCurrentProject } from './use-current-project.ts';

type ProjectValues = Pick<ProjectBody, 'projectName' | 'projectIcon' | 'projectIntroduce'>;

/** Name, introduction and cover of the current project. */
export default function ProjectBaseInfoPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { projectId, project, isLoading } = useCurrentProject();
  const [form] = Form.useForm<ProjectValues>();

  useEffect(() => {
    if (!project) return;
    form.setFieldsValue({
      projectName: project.projectName,
      projectIcon: project.projectIcon ?? DEFAULT_PROJECT_ICON,
      projectIntroduce: project.projectIntroduce,
    });
  }, [project, form]);

  const mutation = useMutation({
    mutationFn: (values: ProjectValues) => updateProject({ ...values, projectId }),
    onSuccess: () => {
      message.success(t('modify-success'));
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
      navigate(-1);
    },
  });

  return (
    <Card>
      <PageHeaderBar title={t('project.info')} />
      {isLoading ? (
        <Skeleton active />
      ) : (
        <Form<ProjectValues>
          form={form}
          name="project-base-info"
          layout="vertical"
          style={{ maxWidth: 900 }}
          onFinish={(values) => mutation.mutate(values)}
        >
          <ProjectFields />
          <Space>
            <Button
              type="primary"
              htmlType="submit"
              icon={<SaveOutlined />}
              loading={mutation.isPending}
              disabled={project?.archived}
            >
              {t('save')}
            </Button>
            <Button onClick={() => navigate(-1)}>{t('cancel')}</Button>
          </Space>
        </Form>
      )}
    </Card>
  );
}
