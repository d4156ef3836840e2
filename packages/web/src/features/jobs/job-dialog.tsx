import { checkCronExpression, isJobProblem, type Job, parseInvokeTarget } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, Form, Input, Radio, Row, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.tsx';
import type { EditTarget } from '../../hooks/use-edit-target.ts';
import { useFormDialog } from '../../hooks/use-form-dialog.ts';
import { useDict } from '../dicts/index.ts';
import { CronBuilder } from './cron-builder.tsx';
import { CronPreview } from './cron-preview.tsx';
import { problemText } from './job-text.ts';
import { addJob, type JobForm, jobKeys, listJobTasks, updateJob } from './jobs.api.ts';
import { TaskPicker } from './task-picker.tsx';

const NEW_JOB: Partial<JobForm> = {
  jobGroup: 'DEFAULT',
  invokeTarget: 'purgeLogs(30)',
  cronExpression: '0 0 3 * * ?',
  misfirePolicy: '3',
  concurrent: '1',
  status: '1',
};

/** Add or edit a job: name, group, the task and its arguments, the schedule, misfire policy, concurrency, status. */
export function JobDialog({ target, onClose }: { target: EditTarget<Job>; onClose: () => void }) {
  const { t } = useTranslation();
  const isCreate = target === null;
  const tasks = useQuery({ queryKey: jobKeys.tasks, queryFn: listJobTasks, enabled: target !== undefined });
  const groups = useDict('sys_job_group');
  const statuses = useDict('sys_job_status');
  const [isBuilderOpen, setBuilderOpen] = useState(false);
  const dialog = useFormDialog<JobForm>({
    isOpen: target !== undefined,
    isCreate,
    initialValues: target ?? NEW_JOB,
    save: (values) => (isCreate ? addJob : updateJob)({ ...values, jobId: target?.jobId }),
    invalidate: [jobKeys.all],
    onClose,
  });
  const cron = Form.useWatch('cronExpression', dialog.form) ?? '';

  return (
    <FormDialog dialog={dialog} name="job-dialog" title={t(isCreate ? 'job.add' : 'job.edit')} width={820}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="jobName"
            label={t('job.name')}
            rules={[{ required: true, whitespace: true, message: t('job.name.not-empty') }]}
          >
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="jobGroup" label={t('job.group')}>
            <Select options={groups.options} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="invokeTarget"
        label={t('job.invoke-target')}
        tooltip={t('job.invoke-target.tip')}
        rules={[
          { required: true, message: t('job.target.not-empty') },
          {
            validator: async (_rule, value: string | undefined) => {
              const parsed = value ? parseInvokeTarget(value) : undefined;
              if (parsed && isJobProblem(parsed)) throw new Error(problemText(t, parsed));
            },
          },
        ]}
      >
        <TaskPicker tasks={tasks.data?.data ?? []} />
      </Form.Item>
      <Form.Item label={t('job.cron')} required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item
            name="cronExpression"
            noStyle
            rules={[
              { required: true, whitespace: true, message: t('job.cron.not-empty') },
              {
                validator: async (_rule, value: string | undefined) => {
                  const problem = value?.trim() ? checkCronExpression(value) : undefined;
                  if (problem) throw new Error(problemText(t, problem));
                },
              },
            ]}
          >
            <Input maxLength={255} placeholder="0 0 3 * * ?" aria-label={t('job.cron')} />
          </Form.Item>
          <Button type="primary" onClick={() => setBuilderOpen(true)}>
            {t('job.cron.generate')}
          </Button>
        </Space.Compact>
        <div style={{ marginTop: 8 }}>
          <CronPreview expression={cron} />
        </div>
      </Form.Item>
      <CronBuilder
        open={isBuilderOpen}
        value={cron}
        onCancel={() => setBuilderOpen(false)}
        onOk={(expression) => {
          dialog.form.setFieldValue('cronExpression', expression);
          void dialog.form.validateFields(['cronExpression']).catch(() => {});
          setBuilderOpen(false);
        }}
      />
      <Form.Item name="misfirePolicy" label={t('job.misfire')} tooltip={t('job.misfire.tip')}>
        <Radio.Group
          optionType="button"
          options={['1', '2', '3'].map((v) => ({ value: v, label: t(`job.misfire.${v}`) }))}
        />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="concurrent" label={t('job.concurrent')} tooltip={t('job.concurrent.tip')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: '0', label: t('job.concurrent.allowed') },
                { value: '1', label: t('job.concurrent.forbidden') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="status" label={t('status')}>
            <Radio.Group options={statuses.options.map((o) => ({ value: o.value, label: o.label }))} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="remark" label={t('remark')}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </FormDialog>
  );
}
