import { z } from 'zod';
import { pageQuery } from './envelope.ts';

/**
 * Scheduled jobs (`/monitor/job/**`, `/monitor/jobLog/**`, the original's fields). The original
 * invoked any bean method named by a string; here a job names one of the tasks the server offers
 * (`JOB_TASKS`), written as a call with whole-number arguments, e.g. `purgeLogs(30)`.
 */

/** A problem found in a cron expression or an invoke target: a message key and its arguments. */
export interface JobProblem {
  key: string;
  args: Array<string | number | { key: string }>;
}

export interface JobTaskParam {
  name: string;
  min: number;
  max: number;
  default: number;
}

export interface JobTaskDef {
  name: string;
  params: readonly JobTaskParam[];
}

/** The whitelist: nothing else can be scheduled. Labels are `job.task.<name>` (and `.<param>`). */
export const JOB_TASKS = [
  { name: 'purgeLogs', params: [{ name: 'days', min: 1, max: 3650, default: 30 }] },
  { name: 'purgeExpired', params: [] },
  { name: 'backupDatabase', params: [{ name: 'keep', min: 1, max: 100, default: 7 }] },
  { name: 'sendNoticeDigests', params: [{ name: 'hours', min: 1, max: 720, default: 24 }] },
  { name: 'recountTallies', params: [] },
  { name: 'cleanOrphanUploads', params: [{ name: 'graceDays', min: 1, max: 3650, default: 7 }] },
  { name: 'purgeRecycleBin', params: [{ name: 'days', min: 1, max: 3650, default: 30 }] },
] as const satisfies readonly JobTaskDef[];

export type JobTaskName = (typeof JOB_TASKS)[number]['name'];

export interface InvokeTarget {
  task: JobTaskName;
  args: number[];
}

const CALL = /^([A-Za-z][A-Za-z0-9]*)\s*\(([^()]*)\)$/;
const WHOLE = /^-?\d{1,12}$/;

/** Reads `name(arg, …)` strictly against the whitelist. */
export function parseInvokeTarget(text: string): InvokeTarget | JobProblem {
  const call = CALL.exec(text.trim());
  if (!call?.[1]) return { key: 'job.target.malformed', args: [text] };
  const name = call[1];
  const task = JOB_TASKS.find((t) => t.name === name);
  if (!task) return { key: 'job.target.unknown', args: [name, JOB_TASKS.map((t) => t.name).join(', ')] };
  const raw = (call[2] ?? '').trim();
  const parts = raw === '' ? [] : raw.split(',').map((p) => p.trim());
  const params: readonly JobTaskParam[] = task.params;
  if (parts.length !== params.length) {
    const wanted = params.map((p) => p.name).join(', ');
    return { key: 'job.target.arity', args: [name, params.length, wanted || '-', parts.length] };
  }
  const args: number[] = [];
  for (const [i, param] of params.entries()) {
    const part = parts[i] ?? '';
    const value = Number(part);
    if (!WHOLE.test(part) || value < param.min || value > param.max) {
      return { key: 'job.target.argument', args: [param.name, name, param.min, param.max, part] };
    }
    args.push(value);
  }
  return { task: task.name, args };
}

export const isJobProblem = (x: InvokeTarget | JobProblem): x is JobProblem => 'key' in x;

export const formatInvokeTarget = (task: string, args: readonly number[]) => `${task}(${args.join(', ')})`;

/** The fields of a Quartz cron expression, in order (the year may be left out). */
export const CRON_FIELDS = ['second', 'minute', 'hour', 'day', 'month', 'weekday', 'year'] as const;
export type CronField = (typeof CRON_FIELDS)[number];
/** Each field's smallest and largest number (weekday 1 is Sunday). */
export const CRON_RANGES: Record<CronField, readonly [number, number]> = {
  second: [0, 59],
  minute: [0, 59],
  hour: [0, 23],
  day: [1, 31],
  month: [1, 12],
  weekday: [1, 7],
  year: [1970, 2099],
};
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

/** A value of a field: a number, or a month or day name where the field takes names. */
function fieldValue(field: CronField, text: string): number | undefined {
  const upper = text.toUpperCase();
  if (field === 'month' && MONTHS.includes(upper)) return MONTHS.indexOf(upper) + 1;
  if (field === 'weekday' && DAYS.includes(upper)) return DAYS.indexOf(upper) + 1;
  if (!/^\d{1,4}$/.test(text)) return undefined;
  const n = Number(text);
  const [min, max] = CRON_RANGES[field];
  return n >= min && n <= max ? n : undefined;
}

/** One comma-separated item: `*`, `a`, `a-b`, each optionally `/step`, or a day or weekday special. */
function isItemValid(field: CronField, item: string): boolean {
  if (field === 'day' && /^(L(-\d{1,2})?|LW|\d{1,2}W)$/.test(item)) {
    const n = Number(item.replace(/\D/g, '') || 1);
    return n >= 1 && n <= 31;
  }
  if (field === 'weekday') {
    const special = /^([A-Za-z]{3}|\d)(L|#[1-5])$/.exec(item);
    if (special?.[1]) return fieldValue(field, special[1]) !== undefined;
    if (item === 'L') return true;
  }
  const [base = '', step, ...extra] = item.split('/');
  if (extra.length > 0) return false;
  if (step !== undefined && (!/^\d{1,4}$/.test(step) || Number(step) < 1)) return false;
  if (base === '*') return true;
  const [from = '', to, ...more] = base.split('-');
  if (more.length > 0 || fieldValue(field, from) === undefined) return false;
  return to === undefined || fieldValue(field, to) !== undefined;
}

const isOpen = (text: string) => text === '*' || text === '?';

/**
 * Checks a Quartz cron expression field by field (second minute hour day month weekday [year];
 * weekdays 1–7 from Sunday; `?` in the day or weekday field), naming the first field that is wrong.
 * The server also reads it with the cron library, which has the last word.
 */
export function checkCronExpression(expression: string): JobProblem | undefined {
  const fields = expression.trim().split(/\s+/).filter(Boolean);
  if (fields.length < 6 || fields.length > 7) return { key: 'job.cron.field-count', args: [fields.length] };
  for (const [i, text] of fields.entries()) {
    const field = CRON_FIELDS[i] as CronField;
    const isValid =
      text === '?'
        ? field === 'day' || field === 'weekday'
        : text.split(',').every((item) => item !== '' && isItemValid(field, item));
    if (!isValid) return { key: 'job.cron.field', args: [{ key: `job.cron.${field}` }, text] };
  }
  // Quartz cannot combine a day of the month with a day of the week: one of them is open.
  if (!isOpen(fields[3] ?? '') && !isOpen(fields[5] ?? ''))
    return { key: 'job.cron.day-and-weekday', args: [] };
  return undefined;
}

const flag = z.enum(['0', '1']);
/** The original's job form sends `misfirePolicy: 1, concurrent: 1` as numbers: read them as their text. */
const asText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v), schema);
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/** 1: every missed tick is run (the ten latest at most); 2: one run for all missed; 3: missed ticks are dropped. */
export const MISFIRE_POLICIES = ['1', '2', '3'] as const;

export const job = z.object({
  jobId: z.number(),
  jobName: z.string(),
  jobGroup: z.string(),
  invokeTarget: z.string(),
  cronExpression: z.string(),
  misfirePolicy: z.string(),
  concurrent: z.string(),
  status: z.string(),
  /** The next time the schedule fires (`yyyy-MM-dd HH:mm:ss`), null when paused or never again. */
  nextValidTime: z.string().nullable(),
  createBy: z.string().nullable(),
  createTime: z.string().nullable(),
  updateBy: z.string().nullable(),
  updateTime: z.string().nullable(),
  remark: z.string().nullable(),
});
export type Job = z.infer<typeof job>;

export const jobBody = z.object({
  jobName: z.string().trim().min(1, { error: 'job.name.not-empty' }).max(64),
  jobGroup: z.string().trim().min(1).max(64).optional(),
  invokeTarget: z.string().trim().min(1, { error: 'job.target.not-empty' }).max(500),
  cronExpression: z.string().trim().min(1, { error: 'job.cron.not-empty' }).max(255),
  misfirePolicy: asText(z.enum(MISFIRE_POLICIES)).optional(),
  concurrent: asText(flag).optional(),
  status: asText(flag).optional(),
  remark: optionalText(500),
});
export type JobBody = z.infer<typeof jobBody>;
export const jobUpdateBody = jobBody.extend({ jobId: z.coerce.number().int().min(1) });

export const jobStatusBody = z.object({ jobId: z.coerce.number().int().min(1), status: asText(flag) });
/** The original's client sends the whole row; only the id (and the group, ignored) matter. */
export const jobRunBody = z.object({
  jobId: z.coerce.number().int().min(1),
  jobGroup: z.string().optional(),
});

export const jobListQuery = pageQuery.extend({
  jobName: z.string().max(64).optional(),
  jobGroup: z.string().max(64).optional(),
  status: flag.optional(),
  invokeTarget: z.string().max(500).optional(),
});

export const cronNextQuery = z.object({
  cronExpression: z.string().trim().min(1, { error: 'job.cron.not-empty' }).max(255),
  count: z.coerce.number().int().min(1).max(20).optional(),
});

export const jobLog = z.object({
  jobLogId: z.number(),
  jobId: z.number().nullable(),
  jobName: z.string(),
  jobGroup: z.string(),
  invokeTarget: z.string(),
  jobMessage: z.string().nullable(),
  /** 0 succeeded, 1 failed (sys_common_status). */
  status: z.string(),
  exceptionInfo: z.string().nullable(),
  /** The tick the run was for; null for a run started by hand. */
  fireTime: z.string().nullable(),
  startTime: z.string(),
  stopTime: z.string().nullable(),
  /** Milliseconds the run took. */
  costTime: z.number().nullable(),
  createTime: z.string(),
});
export type JobLog = z.infer<typeof jobLog>;

export const jobLogListQuery = pageQuery.extend({
  jobId: z.coerce.number().int().min(1).optional(),
  jobName: z.string().max(64).optional(),
  jobGroup: z.string().max(64).optional(),
  status: flag.optional(),
  params: z
    .object({ beginTime: z.string().max(19).optional(), endTime: z.string().max(19).optional() })
    .optional(),
});

export const jobTaskParam = z.object({
  name: z.string(),
  min: z.number(),
  max: z.number(),
  default: z.number(),
});
export const jobTask = z.object({ name: z.string(), params: z.array(jobTaskParam) });
export type JobTask = z.infer<typeof jobTask>;
