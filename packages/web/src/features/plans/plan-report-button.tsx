import { FileTextOutlined } from '@ant-design/icons';
import type { Plan } from '@buglet/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PermiButton } from '../../components/permi-button.tsx';
import { createReport, listTemplates } from '../reports/index.ts';
import { planKeys } from './plans.api.ts';

/** The built-in plan summary, for a project without a template of its own. */
const BUILT_IN = 0;

/**
 * A plan's summary in the report directives (the reader's words, the figures filled in). The
 * figures stand in a paragraph, one a line: directives are written out in paragraphs only.
 */
export function planSummaryTemplate(t: (key: string) => string): string {
  const line = (label: string, directive: string) => `**${label}**: \${${directive}}  `;
  return [
    '# ${api.plan.planName}',
    '',
    line(t('plan.version'), 'api.plan.planVersion'),
    `**${t('plan.time')}**: \${api.plan.planStartTime} – \${api.plan.planEndTime}`,
    '',
    line(t('plan.total'), 'api.plan.itemTotal'),
    line(t('plan.item.state.pass'), 'api.plan.passCount'),
    line(t('plan.item.state.not_pass'), 'api.plan.failCount'),
    line(t('plan.item.state.unexecuted'), 'api.plan.unexecutedCount'),
    line(t('plan.dashboard.pass-rate'), 'api.plan.passRate'),
    line(t('plan.defects'), 'api.plan.defectCount'),
    '',
    `## ${t('plan.report.items')}`,
    '',
    '$table{api.plan.items}',
  ].join('\n');
}

/**
 * A report of the plan from a template of the project's (or the built-in summary): its figures and
 * items written in as they stand now, the plan linked to it; once made, it opens from here.
 */
export function PlanReportButton({ plan, projectId }: { plan: Plan; projectId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isOpen, setOpen] = useState(false);
  const [isSaving, setSaving] = useState(false);
  const [form] = Form.useForm<{ templateId: number; reportTitle: string }>();
  const templates = useQuery({
    queryKey: ['plans', 'report-templates', projectId],
    queryFn: () => listTemplates({ projectId, pageSize: 100 }),
    enabled: isOpen,
  }).data?.rows;
  const openReport = (reportId: number) => navigate(`/project/report?reportId=${reportId}`);
  const make = async () => {
    const values = await form.validateFields();
    const template = templates?.find((x) => x.templateId === values.templateId);
    setSaving(true);
    try {
      const made = await createReport({
        projectId,
        reportTitle: values.reportTitle.trim(),
        reportType: 'text',
        reportDescription: template ? template.templateContent : planSummaryTemplate(t),
        planId: plan.planId,
      });
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: planKeys.all });
      message.success(t('plan.report.made'));
      if (made.data) openReport(made.data.reportId);
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      {plan.reportId ? (
        <Button icon={<FileTextOutlined />} onClick={() => openReport(plan.reportId as number)}>
          {t('plan.report.open')}
        </Button>
      ) : null}
      <PermiButton
        permi={['system:report:add']}
        icon={<FileTextOutlined />}
        onClick={() => {
          form.setFieldsValue({
            templateId: BUILT_IN,
            reportTitle: t('plan.report.title', { name: plan.planName }),
          });
          setOpen(true);
        }}
      >
        {t('plan.report.make')}
      </PermiButton>
      <Modal
        open={isOpen}
        title={t('plan.report.make')}
        onCancel={() => setOpen(false)}
        onOk={() => void make()}
        confirmLoading={isSaving}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" id="plan-report">
          <Form.Item name="templateId" label={t('plan.report.template')}>
            <Select
              options={[
                { value: BUILT_IN, label: t('plan.report.built-in') },
                ...(templates ?? []).map((x) => ({ value: x.templateId, label: x.templateTitle })),
              ]}
            />
          </Form.Item>
          <Form.Item
            name="reportTitle"
            label={t('plan.report.name')}
            rules={[
              { required: true, whitespace: true, message: t('plan.report.name-required') },
              { max: 255 },
            ]}
          >
            <Input maxLength={255} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
