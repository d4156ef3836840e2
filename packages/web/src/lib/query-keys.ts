import type { QueryObject } from './query-string.ts';

/**
 * The names of cached server state that features other than its owner refresh (a module's removal
 * refreshes the defect lists, a notice the defect it is about), kept apart from the owner so that
 * refreshing adds no import between features.
 */
export const defectKeys = {
  all: ['defects'] as const,
  list: (query: QueryObject) => ['defects', 'list', query] as const,
  details: ['defects', 'detail'] as const,
  detail: (defectId: number) => ['defects', 'detail', defectId] as const,
  logs: (defectId: number) => ['defects', 'logs', defectId] as const,
};
