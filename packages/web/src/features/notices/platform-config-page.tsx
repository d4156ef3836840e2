import { SaveOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Card, Col, Form, Input, Row, Skeleton, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermi } from '../../components/auth.tsx';
import { PageHeaderBar } from '../../components/page-header-bar.tsx';
import { PermiButton } from '../../components/permi-button.tsx';
import { useCurrentProject } from '../projects/index.ts';
import { getPlatformConfig, noticeKeys, type PlatformCode, savePlatformConfig } from './notices.api.ts';
import {
  checkPlatformField,
  PLATFORM_FIELDS,
  type PlatformField,
  type PlatformValues,
  parsePlatformParams,
  platformParams,
} from './platform-rules.ts';

const PAGE: Record<PlatformCode, { titleKey: string; helpKeys: string[]; sections: [string, string[]][] }> = {
  ding: {
    titleKey: 'ding.robot',
    helpKeys: ['ding.help.1', 'ding.help.2', 'ding.help.3', 'ding.help.4'],
    sections: [
      ['ding.group-robot', ['keyword', 'hook', 'secret']],
      ['ding.app-robot', ['clientId', 'clientSecret', 'robotCode']],
    ],
  },
  wechat: {
    titleKey: 'enterprise-wechat',
    helpKeys: ['enterprise-wechat.help.1', 'enterprise-wechat.help.2', 'enterprise-wechat.help.3'],
    sections: [['enterprise-wechat.app', ['corpId', 'agentId', 'corpSecret']]],
  },
};

/**
 * A project's chat platform: DingTalk robots or a WeChat Work app. Members then choose in their
 * notice settings whether notices reach them there.
 */
export function PlatformConfigPage({ code }: { code: PlatformCode }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { projectId, project } = useCurrentProject();
  const canSave = usePermi([`${code}:save`]);
  const [form] = Form.useForm<PlatformValues>();
  const page = PAGE[code];
  const fields = PLATFORM_FIELDS[code];
  const query = useQuery({
    queryKey: noticeKeys.platform(code, projectId),
    queryFn: () => getPlatformConfig(code, projectId),
    enabled: projectId > 0,
  });
  const stored = query.data?.data?.configParams;
  const secretsSet = query.data?.data?.secretsSet ?? [];
  useEffect(() => {
    if (query.isSuccess) form.setFieldsValue(parsePlatformParams(code, stored));
  }, [query.isSuccess, stored, code, form]);

  const mutation = useMutation({
    mutationFn: (values: PlatformValues) =>
      savePlatformConfig(code, projectId, platformParams(code, values, secretsSet)),
    onSuccess: () => {
      message.success(t('save.success'));
      void queryClient.invalidateQueries({ queryKey: noticeKeys.platform(code, projectId) });
    },
  });
  const isReadOnly = !canSave || Boolean(project?.archived);

  const item = (field: PlatformField) => (
    <Form.Item
      key={field.name}
      name={field.name}
      label={t(field.labelKey)}
      dependencies={code === 'wechat' ? fields.map((f) => f.name).filter((n) => n !== field.name) : undefined}
      rules={[
        ({ getFieldsValue }) => ({
          validator: () => {
            const problem = checkPlatformField(code, field, getFieldsValue(), secretsSet);
            return problem ? Promise.reject(new Error(t(problem, { max: field.max }))) : Promise.resolve();
          },
        }),
      ]}
    >
      {field.isSecret ? (
        <Input.Password
          maxLength={field.max}
          placeholder={t(secretsSet.includes(field.name) ? 'platform.secret-set' : field.placeholderKey)}
          autoComplete="new-password"
        />
      ) : (
        <Input maxLength={field.max} placeholder={t(field.placeholderKey)} autoComplete="off" />
      )}
    </Form.Item>
  );

  return (
    <Card>
      <PageHeaderBar title={t(page.titleKey)} backTo="/project/option" />
      <Row gutter={[32, 16]}>
        <Col xs={24} xl={12}>
          {query.isLoading ? (
            <Skeleton active />
          ) : (
            <Form<PlatformValues>
              form={form}
              name={`platform-${code}`}
              layout="vertical"
              disabled={isReadOnly}
              onFinish={(values) => mutation.mutate(values)}
            >
              {page.sections.map(([titleKey, names]) => (
                <div key={titleKey}>
                  <Typography.Title level={5}>{t(titleKey)}</Typography.Title>
                  {fields.filter((f) => names.includes(f.name)).map(item)}
                </div>
              ))}
              <Space>
                <PermiButton
                  permi={[`${code}:save`]}
                  type="primary"
                  htmlType="submit"
                  icon={<SaveOutlined />}
                  loading={mutation.isPending}
                >
                  {t('save')}
                </PermiButton>
              </Space>
            </Form>
          )}
        </Col>
        <Col xs={24} xl={12}>
          <Alert
            type="info"
            title={t('platform.help')}
            description={
              <ol style={{ paddingInlineStart: 18, margin: 0 }}>
                {page.helpKeys.map((key) => (
                  <li key={key}>{t(key)}</li>
                ))}
              </ol>
            }
          />
        </Col>
      </Row>
    </Card>
  );
}

export function DingConfigPage() {
  return <PlatformConfigPage code="ding" />;
}

export function WechatConfigPage() {
  return <PlatformConfigPage code="wechat" />;
}
