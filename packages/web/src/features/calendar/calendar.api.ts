import type { AjaxResult, CalendarRange, HomeCalendar } from '@buglet/contracts';
import { http } from '../../lib/http.ts';
import { defectKeys } from '../../lib/query-keys.ts';

export interface CalendarWindow {
  /** yyyy-MM-dd, both days counted. */
  from: string;
  to: string;
  range: CalendarRange;
}

/** Under the defects' key: a defect notice or any defect change refreshes the calendar too. */
export const calendarKeys = {
  all: [...defectKeys.all, 'calendar'] as const,
  window: (w: CalendarWindow) => [...defectKeys.all, 'calendar', w] as const,
};

export const getCalendar = (w: CalendarWindow) =>
  http.get<AjaxResult<HomeCalendar>>('/system/home/calendar', { from: w.from, to: w.to, range: w.range });

/** The form's route with only the plan: the server applies the same permission and date rules. */
export const movePlan = (
  defectId: number,
  plan: { planStartTime: string | null; planEndTime: string | null },
) => http.put('/system/defect', { defectId, ...plan });
