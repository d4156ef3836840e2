import { EyeOutlined } from '@ant-design/icons';
import type { JobLog } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { AdminListPage } from '../../components/admin-list-page.tsx';
import { RowAction } from '../../components/row-actions.tsx';
import { DictSearchSelect, DictTag } from '../dicts/index.ts';
import { JobNameFilters, jobNameColumns } from './job-columns.tsx';
import { cleanJobLogs, deleteJobLogs, getJob, jobKeys, jobLogKeys, listJobLogs } from './jobs.api.ts';

const FILTERS = ['jobName', 'jobGroup', 'status'] as const;

/**
 * The runs of one job (`/monitor/job-log/index/:jobId`), or of every job with id 0, as the
 * original's log button opens it: search, detail, delete, clean and export.
 */
export default function JobLogPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const jobId = Number(useParams().jobId) || 0;
  const job = useQuery({ queryKey: jobKeys.detail(jobId), queryFn: () => getJob(jobId), enabled: jobId > 0 });
  const [shown, setShown] = useState<JobLog | undefined>();
  const jobName = job.data?.data?.jobName;

  return (
    <>
      <AdminListPage<JobLog, (typeof FILTERS)[number]>
        title={jobName ? `${t('job.log')}: ${jobName}` : t('job.log')}
        extra={<Button onClick={() => navigate('/monitor/job')}>{t('back')}</Button>}
        filters={FILTERS}
        dateRange={t('job.log.time')}
        baseQuery={jobId > 0 ? { jobId } : {}}
        rowKey="jobLogId"
        permiPrefix="monitor:job"
        keys={jobLogKeys}
        list={listJobLogs}
        remove={{ call: deleteJobLogs, confirm: (ids) => t('job.log.confirm-delete', { ids }) }}
        exportTo={{ url: '/monitor/jobLog/export', fileName: `job_log_${Date.now()}.xlsx` }}
        clean={{
          call: cleanJobLogs,
          confirm: t('job.log.confirm-clean'),
          success: t('job.log.clean-success'),
        }}
        search={
          <>
            <JobNameFilters />
            <DictSearchSelect
              type="sys_common_status"
              name="status"
              label={t('job.log.status')}
              width={120}
            />
          </>
        }
        columns={() => [
          { title: t('id'), dataIndex: 'jobLogId', width: 80 },
          ...jobNameColumns<JobLog>(t),
          { title: t('job.invoke-target'), dataIndex: 'invokeTarget', ellipsis: true, responsive: ['xl'] },
          { title: t('job.log.message'), dataIndex: 'jobMessage', ellipsis: true },
          {
            title: t('job.log.status'),
            dataIndex: 'status',
            width: 90,
            render: (v: string) => <DictTag type="sys_common_status" value={v} />,
          },
          { title: t('job.log.time'), dataIndex: 'startTime', width: 165 },
          { title: t('job.log.cost'), dataIndex: 'costTime', width: 100, responsive: ['xl'] },
          {
            title: t('operate'),
            fixed: 'right',
            width: 90,
            render: (_v, row) => (
              <RowAction permi={['monitor:job:query']} icon={<EyeOutlined />} onClick={() => setShown(row)}>
                {t('job.detail')}
              </RowAction>
            ),
          },
        ]}
      />
      <JobLogDetail log={shown} onClose={() => setShown(undefined)} />
    </>
  );
}

function JobLogDetail({ log, onClose }: { log: JobLog | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={log !== undefined}
      title={t('job.log.detail')}
      width={{ xs: '100%', md: 700 }}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {log ? (
        <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
          <Descriptions.Item label={t('id')}>{log.jobLogId}</Descriptions.Item>
          <Descriptions.Item label={t('job.log.fire-time')}>
            {log.fireTime ?? t('job.log.by-hand')}
          </Descriptions.Item>
          <Descriptions.Item label={t('job.name')}>{log.jobName}</Descriptions.Item>
          <Descriptions.Item label={t('job.group')}>
            <DictTag type="sys_job_group" value={log.jobGroup} />
          </Descriptions.Item>
          <Descriptions.Item label={t('job.invoke-target')} span={2}>
            <code>{log.invokeTarget}</code>
          </Descriptions.Item>
          <Descriptions.Item label={t('job.log.start')}>{log.startTime}</Descriptions.Item>
          <Descriptions.Item label={t('job.log.stop')}>{log.stopTime ?? ''}</Descriptions.Item>
          <Descriptions.Item label={t('job.log.cost')}>{log.costTime ?? ''}</Descriptions.Item>
          <Descriptions.Item label={t('job.log.status')}>
            <DictTag type="sys_common_status" value={log.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('job.log.message')} span={2}>
            {log.jobMessage ?? ''}
          </Descriptions.Item>
          {log.exceptionInfo ? (
            <Descriptions.Item label={t('job.log.error')} span={2}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }} type="danger">
                {log.exceptionInfo}
              </Typography.Paragraph>
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      ) : null}
    </Modal>
  );
}
