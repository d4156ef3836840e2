import type { AjaxResult, Job, JobLog, JobTask, TableData } from '@buglet/contracts';
import { http, send } from '../../lib/http.ts';
import type { QueryObject } from '../../lib/query-string.ts';

export const jobKeys = {
  all: ['jobs'] as const,
  list: (query: QueryObject) => ['jobs', 'list', query] as const,
  detail: (jobId: number) => ['jobs', 'detail', jobId] as const,
  tasks: ['jobs', 'tasks'] as const,
};
export const jobLogKeys = {
  all: ['job-logs'] as const,
  list: (query: QueryObject) => ['job-logs', 'list', query] as const,
};

export type JobForm = Pick<
  Job,
  | 'jobName'
  | 'jobGroup'
  | 'invokeTarget'
  | 'cronExpression'
  | 'misfirePolicy'
  | 'concurrent'
  | 'status'
  | 'remark'
> & { jobId?: number };

export const listJobs = (query: QueryObject) => http.get<TableData<Job>>('/monitor/job/list', query);
export const getJob = (jobId: number) => http.get<AjaxResult<Job>>(`/monitor/job/${jobId}`);
export const addJob = (body: JobForm) => http.post('/monitor/job', body);
export const updateJob = (body: JobForm) => http.put('/monitor/job', body);
export const deleteJobs = (ids: readonly number[]) => http.delete(`/monitor/job/${ids.join(',')}`);
export const changeJobStatus = (jobId: number, status: string) =>
  http.put('/monitor/job/changeStatus', { jobId, status });
export const runJob = (jobId: number, jobGroup: string) =>
  http.put<AjaxResult>('/monitor/job/run', { jobId, jobGroup });
export const listJobTasks = () => http.get<AjaxResult<JobTask[]>>('/monitor/job/tasks');

/**
 * The next run times of an expression, or the server's reason for refusing it. Quiet (no toast):
 * the dialog asks while the expression is typed and shows the answer beside it.
 */
export async function nextRunTimes(
  cronExpression: string,
): Promise<{ times: string[]; problem?: undefined } | { times?: undefined; problem: string }> {
  const response = await send({
    url: '/monitor/job/cron/next',
    params: { cronExpression },
    repeatSubmit: false,
  });
  const body = (await response.json()) as AjaxResult<string[]>;
  return body.code === 200 ? { times: body.data ?? [] } : { problem: body.msg ?? '' };
}

export const listJobLogs = (query: QueryObject) => http.get<TableData<JobLog>>('/monitor/jobLog/list', query);
export const deleteJobLogs = (ids: readonly number[]) => http.delete(`/monitor/jobLog/${ids.join(',')}`);
export const cleanJobLogs = () => http.delete('/monitor/jobLog/clean');
