import {
  CaretRightOutlined,
  DoubleRightOutlined,
  EyeOutlined,
  ScheduleOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { Job } from '@buglet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown, Switch, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminListPage } from '../../components/admin-list-page.tsx';
import { usePermi } from '../../components/auth.tsx';
import { PermiButton } from '../../components/permi-button.tsx';
import { useConfirm } from '../../hooks/use-confirm.ts';
import { DictSearchSelect, DictTag } from '../dicts/index.ts';
import { JobNameFilters, jobNameColumns } from './job-columns.tsx';
import { JobDetailDialog } from './job-detail-dialog.tsx';
import { JobDialog } from './job-dialog.tsx';
import { targetText } from './job-text.ts';
import { changeJobStatus, deleteJobs, jobKeys, listJobs, runJob } from './jobs.api.ts';

const FILTERS = ['jobName', 'jobGroup', 'status'] as const;
export const jobLogPath = (jobId: number) => `/monitor/job-log/index/${jobId}`;

/** Scheduled jobs (`/monitor/job`): the server's tasks on cron schedules, paused or running. */
export default function JobListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canChangeStatus = usePermi(['monitor:job:changeStatus']);
  const canRun = canChangeStatus;
  const canQuery = usePermi(['monitor:job:query']);
  const [shown, setShown] = useState<Job | undefined>();

  const toggle = (job: Job) => {
    const next = job.status === '0' ? '1' : '0';
    confirm({
      content: t(next === '0' ? 'job.confirm-resume' : 'job.confirm-pause', { name: job.jobName }),
      isDanger: next === '1',
      success: t('modify-success'),
      action: async () => {
        await changeJobStatus(job.jobId, next);
        await queryClient.invalidateQueries({ queryKey: jobKeys.all });
      },
    });
  };
  const runOnce = (job: Job) =>
    confirm({
      content: t('job.confirm-run', { name: job.jobName }),
      isDanger: false,
      success: t('job.run-started'),
      action: async () => {
        await runJob(job.jobId, job.jobGroup);
        message.info({ content: t('job.run-see-log'), duration: 4 });
      },
    });

  return (
    <>
      <AdminListPage<Job, (typeof FILTERS)[number]>
        filters={FILTERS}
        rowKey="jobId"
        permiPrefix="monitor:job"
        keys={jobKeys}
        list={listJobs}
        remove={{ call: deleteJobs, confirm: (ids) => t('job.confirm-delete', { ids }) }}
        exportTo={{ url: '/monitor/job/export', fileName: `job_${Date.now()}.xlsx` }}
        search={
          <>
            <JobNameFilters />
            <DictSearchSelect type="sys_job_status" name="status" label={t('status')} width={120} />
          </>
        }
        columns={(list) => [
          { title: t('id'), dataIndex: 'jobId', width: 70 },
          ...jobNameColumns<Job>(t),
          {
            title: t('job.invoke-target'),
            dataIndex: 'invokeTarget',
            ellipsis: { showTitle: false },
            render: (v: string) => (
              <Tooltip title={targetText(t, v)}>
                <code>{v}</code>
              </Tooltip>
            ),
          },
          { title: t('job.cron'), dataIndex: 'cronExpression', width: 120, ellipsis: true },
          { title: t('job.next-run'), dataIndex: 'nextValidTime', width: 165, responsive: ['xl'] },
          {
            title: t('status'),
            dataIndex: 'status',
            width: 80,
            render: (_v, job) =>
              canChangeStatus ? (
                <Switch
                  size="small"
                  checked={job.status === '0'}
                  aria-label={t('job.status-switch', { name: job.jobName })}
                  onChange={() => toggle(job)}
                />
              ) : (
                <DictTag type="sys_job_status" value={job.status} />
              ),
          },
          {
            title: t('operate'),
            fixed: 'right',
            width: 160,
            render: (_v, job) =>
              list.rowActions(
                job,
                canRun || canQuery ? (
                  <Dropdown
                    trigger={['click']}
                    menu={{
                      items: [
                        ...(canRun
                          ? [{ key: 'run', icon: <CaretRightOutlined />, label: t('job.run-once') }]
                          : []),
                        ...(canQuery
                          ? [
                              { key: 'detail', icon: <EyeOutlined />, label: t('job.detail') },
                              { key: 'log', icon: <ScheduleOutlined />, label: t('job.log') },
                            ]
                          : []),
                      ],
                      onClick: ({ key }) => {
                        if (key === 'run') runOnce(job);
                        else if (key === 'detail') setShown(job);
                        else navigate(jobLogPath(job.jobId));
                      },
                    }}
                  >
                    <Button type="link" size="small" icon={<DoubleRightOutlined />}>
                      {t('more')}
                    </Button>
                  </Dropdown>
                ) : null,
              ),
          },
        ]}
        toolbar={() => (
          <PermiButton
            permi={['monitor:job:query']}
            icon={<UnorderedListOutlined />}
            onClick={() => navigate(jobLogPath(0))}
          >
            {t('job.log')}
          </PermiButton>
        )}
        dialog={(list) => <JobDialog target={list.target} onClose={list.closeDialog} />}
      />
      <JobDetailDialog job={shown} onClose={() => setShown(undefined)} />
    </>
  );
}
