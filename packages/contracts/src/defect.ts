/** Defect enums with the original's wire names and numbers (states and log types travel as numbers/names). */

export const DEFECT_TYPES = ['BUG', 'TASK', 'DEMAND'] as const;
export type DefectType = (typeof DEFECT_TYPES)[number];

export const DEFECT_LEVELS = ['urgent', 'height', 'middle', 'low'] as const;
export type DefectLevel = (typeof DEFECT_LEVELS)[number];

/** Ordinals are the wire values; PROCESSING is shown as "Pending". RESOLVED only comes from imports. */
export const DefectState = { PROCESSING: 0, AUDIT: 1, RESOLVED: 2, REJECTED: 3, CLOSED: 4 } as const;
export type DefectState = (typeof DefectState)[keyof typeof DefectState];
export const DEFECT_STATE_NAMES = ['PROCESSING', 'AUDIT', 'RESOLVED', 'REJECTED', 'CLOSED'] as const;

export const DefectLogType = {
  CREATE: 0,
  ASSIGN: 1,
  REJECT: 2,
  PASS: 3,
  REJECTED: 4,
  REPAIR: 5,
  CLOSED: 6,
  OPEN: 7,
  UPDATE: 8,
  IMPORT: 9,
  DELETE: 10,
  RESTORE: 11,
} as const;
export type DefectLogType = (typeof DefectLogType)[keyof typeof DefectLogType];

export const DEFECT_ACTIONS = ['assign', 'repair', 'pass', 'reject', 'close', 'open'] as const;
export type DefectAction = (typeof DEFECT_ACTIONS)[number];
