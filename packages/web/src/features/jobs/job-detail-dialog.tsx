import type { Job } from '@buglet/contracts';
import { Descriptions, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../dicts/index.ts';
import { targetText } from './job-text.ts';

/** The original's "task details": every field of a job, read only. */
export function JobDetailDialog({ job, onClose }: { job: Job | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={job !== undefined}
      title={t('job.detail')}
      width={{ xs: '100%', md: 700 }}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {job ? (
        <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
          <Descriptions.Item label={t('id')}>{job.jobId}</Descriptions.Item>
          <Descriptions.Item label={t('job.group')}>
            <DictTag type="sys_job_group" value={job.jobGroup} />
          </Descriptions.Item>
          <Descriptions.Item label={t('job.name')}>{job.jobName}</Descriptions.Item>
          <Descriptions.Item label={t('create-time')}>{job.createTime}</Descriptions.Item>
          <Descriptions.Item label={t('job.cron')}>{job.cronExpression}</Descriptions.Item>
          <Descriptions.Item label={t('job.next-run')}>{job.nextValidTime ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('job.invoke-target')} span={2}>
            <code>{job.invokeTarget}</code> — {targetText(t, job.invokeTarget)}
          </Descriptions.Item>
          <Descriptions.Item label={t('status')}>
            <DictTag type="sys_job_status" value={job.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('job.concurrent')}>
            {t(job.concurrent === '0' ? 'job.concurrent.allowed' : 'job.concurrent.forbidden')}
          </Descriptions.Item>
          <Descriptions.Item label={t('job.misfire')} span={2}>
            {t(`job.misfire.${job.misfirePolicy}`, { defaultValue: job.misfirePolicy })}
          </Descriptions.Item>
          <Descriptions.Item label={t('remark')} span={2}>
            {job.remark ?? ''}
          </Descriptions.Item>
        </Descriptions>
      ) : null}
    </Modal>
  );
}
