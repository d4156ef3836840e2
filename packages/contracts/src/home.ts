import { z } from 'zod';

/** A defect as the home page lists it, with where it lives. */
export const homeDefect = z.object({
  defectId: z.number(),
  projectId: z.number(),
  projectName: z.string(),
  projectNum: z.number(),
  defectName: z.string(),
  defectType: z.number(),
  defectState: z.number(),
  defectLevel: z.string(),
  planEndTime: z.string().nullable(),
  updateTime: z.string(),
  /** Its plan end time has passed and it is not closed. */
  isOverdue: z.boolean(),
});
export type HomeDefect = z.infer<typeof homeDefect>;

export const homeDashboard = z.object({
  /** Defects I handle that wait for me: to fix (pending, rejected) and to review. */
  waiting: z.object({
    total: z.number(),
    toFix: z.number(),
    toReview: z.number(),
    overdue: z.number(),
    byLevel: z.record(z.string(), z.number()),
    /** Overdue first, then the most urgent, then the latest change; at most 10. */
    items: z.array(homeDefect),
  }),
  /** Defects I created that someone else changed in the last 14 days; at most 10. */
  moved: z.array(homeDefect.extend({ updateBy: z.string().nullable() })),
  /** Test cases I wrote that failed; at most 10. */
  failedCases: z.array(
    z.object({
      caseId: z.number(),
      caseNum: z.number(),
      caseName: z.string(),
      projectId: z.number(),
      projectName: z.string(),
      updateTime: z.string(),
    }),
  ),
  /** Plan items I ran whose defect was fixed: they wait for my retest; at most 10, oldest first. */
  toRetest: z.array(
    z.object({
      planItemId: z.string(),
      planId: z.string(),
      planName: z.string(),
      caseNum: z.number(),
      caseName: z.string(),
      projectId: z.number(),
      projectName: z.string(),
      updateTime: z.string(),
    }),
  ),
  notices: z.array(
    z.object({
      noticeId: z.number(),
      noticeTitle: z.string(),
      groupName: z.string(),
      isRead: z.boolean(),
      createTime: z.string(),
      projectName: z.string().nullable(),
      /** The app path it is about (a defect), if any. */
      src: z.string().nullable(),
    }),
  ),
  /** Projects I follow, each with its open defects over the last 30 days (oldest first). */
  followed: z.array(
    z.object({
      projectId: z.number(),
      projectName: z.string(),
      teamName: z.string(),
      openTotal: z.number(),
      trend: z.array(
        z.object({ day: z.string(), open: z.number(), created: z.number(), closed: z.number() }),
      ),
    }),
  ),
  version: z.string(),
});
export type HomeDashboard = z.infer<typeof homeDashboard>;

export const HOME_TREND_DAYS = 30;
export const HOME_MOVED_DAYS = 14;

/** The personal calendar: at most this many days (inclusive) in one request, a month grid and more. */
export const CALENDAR_MAX_DAYS = 62;
/** Defects in one answer; more sets `isTruncated`. */
export const CALENDAR_LIMIT = 500;
export const CALENDAR_RANGES = ['mine', 'projects'] as const;
export type CalendarRange = (typeof CALENDAR_RANGES)[number];

const DAY_MS = 86_400_000;
const calendarDay = z
  .string({ error: 'calendar.date.invalid' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'calendar.date.invalid' })
  .refine(
    (v) => {
      const time = Date.parse(`${v}T00:00:00Z`);
      return !Number.isNaN(time) && new Date(time).toISOString().startsWith(v);
    },
    { error: 'calendar.date.invalid' },
  );

/** Days from `from` to `to`, both counted (yyyy-MM-dd). */
export const calendarSpan = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

export const homeCalendarQuery = z
  .object({
    from: calendarDay,
    to: calendarDay,
    /** mine: defects I handle or created; projects: every defect of my projects. */
    range: z.enum(CALENDAR_RANGES).default('mine'),
  })
  .refine((q) => q.from <= q.to, { error: 'calendar.window.order' })
  .refine((q) => calendarSpan(q.from, q.to) <= CALENDAR_MAX_DAYS, { error: 'calendar.window.too-long' });

/** A defect on the calendar: its plan and whether the caller may move it. */
export const calendarDefect = z.object({
  defectId: z.number(),
  projectId: z.number(),
  projectName: z.string(),
  projectNum: z.number(),
  defectName: z.string(),
  defectType: z.number(),
  defectState: z.number(),
  defectLevel: z.string(),
  planStartTime: z.string().nullable(),
  planEndTime: z.string().nullable(),
  isHandler: z.boolean(),
  isCreator: z.boolean(),
  /** The caller may change its plan (its creator, or an editor there; the project not archived). */
  isEditable: z.boolean(),
});
export type CalendarDefect = z.infer<typeof calendarDefect>;

export const homeCalendar = z.object({
  /** By plan start, then number. */
  items: z.array(calendarDefect),
  /** More than CALENDAR_LIMIT matched: the earliest are shown. */
  isTruncated: z.boolean(),
});
export type HomeCalendar = z.infer<typeof homeCalendar>;
