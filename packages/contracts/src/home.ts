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
