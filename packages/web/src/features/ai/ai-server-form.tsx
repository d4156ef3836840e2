import { CloudServerOutlined, SaveOutlined } from '@ant-design/icons';
import { AI_URL_MAX, type AiConfig } from '@buglet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Descriptions, Flex, Form, Input, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PermiButton } from '../../components/permi-button.tsx';
import { aiKeys, saveAiConfig } from './ai.api.ts';
import { aiUrlProblem } from './ai-rules.ts';

interface AiServerFormProps {
  projectId: number;
  config: AiConfig | undefined;
  /** The address the project's AI calls go to now. */
  urlInUse: string;
  isReadOnly: boolean;
}

/** The project's own AI server (empty: the platform's), and the models it uses now. */
export function AiServerForm({ projectId, config, urlInUse, isReadOnly }: AiServerFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ aiUrl: string }>();
  useEffect(() => {
    if (config) form.setFieldsValue({ aiUrl: config.aiUrl ?? '' });
  }, [config, form]);

  const mutation = useMutation({
    mutationFn: (aiUrl: string) => saveAiConfig({ projectId, aiUrl: aiUrl.trim() || null }),
    onSuccess: () => {
      message.success(t('save.success'));
      void queryClient.invalidateQueries({ queryKey: aiKeys.all });
    },
  });

  return (
    <Flex vertical gap={8}>
      <Form
        form={form}
        name="ai-server"
        layout="vertical"
        disabled={isReadOnly}
        onFinish={(values) => mutation.mutate(values.aiUrl ?? '')}
      >
        <Form.Item label={t('ai.url')} extra={t('ai.url.default-hint', { url: config?.defaultAiUrl ?? '' })}>
          <Flex gap={8} wrap>
            <Form.Item
              name="aiUrl"
              noStyle
              rules={[
                {
                  validator: (_rule, value: string | undefined) => {
                    const problem = aiUrlProblem(value);
                    return problem ? Promise.reject(new Error(t(problem))) : Promise.resolve();
                  },
                },
              ]}
            >
              <Input
                prefix={<CloudServerOutlined />}
                placeholder={config?.defaultAiUrl ?? t('ai.url.placeholder')}
                maxLength={AI_URL_MAX}
                allowClear
                style={{ flex: '1 1 320px', maxWidth: 560 }}
              />
            </Form.Item>
            <PermiButton
              permi={['system:ai:edit']}
              type="primary"
              htmlType="submit"
              icon={<SaveOutlined />}
              loading={mutation.isPending}
            >
              {t('save')}
            </PermiButton>
          </Flex>
        </Form.Item>
      </Form>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 3 }}
        items={[
          {
            key: 'url',
            label: t('ai.url.in-use'),
            children: (
              <Typography.Text code data-testid="ai-url-in-use">
                {urlInUse}
              </Typography.Text>
            ),
          },
          { key: 'business', label: t('ai.model.business'), children: config?.businessModule ?? '' },
          { key: 'image', label: t('ai.model.image'), children: config?.imageModule ?? '' },
        ]}
      />
    </Flex>
  );
}
