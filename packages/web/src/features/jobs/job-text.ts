import { isJobProblem, JOB_TASKS, type JobProblem, parseInvokeTarget } from '@buglet/contracts';
import type { TFunction } from 'i18next';

/** A problem the contracts found (cron or invoke target), in the reader's language. */
export function problemText(t: TFunction, problem: JobProblem): string {
  const args = Object.fromEntries(
    problem.args.map((a, i) => [String(i), typeof a === 'object' ? t(a.key) : String(a)]),
  );
  return t(problem.key, args);
}

export const taskLabel = (t: TFunction, name: string) => t(`job.task.${name}`, { defaultValue: name });
export const paramLabel = (t: TFunction, task: string, param: string) =>
  t(`job.task.${task}.${param}`, { defaultValue: param });

/** "Purge logs (Older than (days): 30)": what a stored invoke target does, or the text as stored. */
export function targetText(t: TFunction, invokeTarget: string): string {
  const target = parseInvokeTarget(invokeTarget);
  if (isJobProblem(target)) return invokeTarget;
  const task = taskLabel(t, target.task);
  if (target.args.length === 0) return task;
  const params: readonly { name: string }[] =
    JOB_TASKS.find((task) => task.name === target.task)?.params ?? [];
  const parts = target.args.map(
    (v, i) => `${paramLabel(t, target.task, params[i]?.name ?? String(i))}: ${v}`,
  );
  return `${task} (${parts.join(', ')})`;
}
