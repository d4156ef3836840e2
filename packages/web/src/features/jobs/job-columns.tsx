import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { SearchInput } from '../../components/search-form.tsx';
import { seededText } from '../../lib/i18n.ts';
import { DictSearchSelect, DictTag } from '../dicts/index.ts';

/** The filters the job list and the job log start with: the job's name and group. */
export function JobNameFilters() {
  const { t } = useTranslation();
  return (
    <>
      <SearchInput name="jobName" label={t('job.name')} />
      <DictSearchSelect type="sys_job_group" name="jobGroup" label={t('job.group')} width={120} />
    </>
  );
}

/** The name and group columns of a job, or of one of its runs. */
export const jobNameColumns = <T extends { jobName: string; jobGroup: string }>(
  t: TFunction,
): TableColumnsType<T> => [
  {
    title: t('job.name'),
    dataIndex: 'jobName',
    ellipsis: true,
    // The job the server seeds (migration 049) is named in the reader's language until renamed.
    render: (name: string) => seededText('job.seeded.purge-recycle-bin', name),
  },
  {
    title: t('job.group'),
    dataIndex: 'jobGroup',
    width: 90,
    responsive: ['xl'],
    render: (v: string) => <DictTag type="sys_job_group" value={v} />,
  },
];
