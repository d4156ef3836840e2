import type { CalendarDefect } from '@buglet/contracts';
import { describe, expect, it } from 'vitest';
import {
  dayAfter,
  daysBetween,
  movedPlan,
  planDays,
  shiftTime,
  stretchedPlan,
} from '../src/features/calendar/calendar-events.ts';

const defect = (planStartTime: string | null, planEndTime: string | null): CalendarDefect => ({
  defectId: 1,
  projectId: 1,
  projectName: 'Shop',
  projectNum: 7,
  defectName: 'Cart',
  defectType: 0,
  defectState: 0,
  defectLevel: 'middle',
  planStartTime,
  planEndTime,
  isHandler: true,
  isCreator: false,
  isEditable: true,
});

describe('the personal calendar: plans as days', () => {
  it('covers the plan days, one day for a single end, and a backwards plan the right way round', () => {
    expect(planDays(defect('2030-03-03 09:00:00', '2030-03-05 18:00:00'))).toEqual({
      first: '2030-03-03',
      last: '2030-03-05',
    });
    expect(planDays(defect(null, '2030-03-31 12:00:00'))).toEqual({
      first: '2030-03-31',
      last: '2030-03-31',
    });
    expect(planDays(defect('2030-03-01', null))).toEqual({ first: '2030-03-01', last: '2030-03-01' });
    expect(planDays(defect('2030-03-09 00:00:00', '2030-03-08 00:00:00'))).toEqual({
      first: '2030-03-08',
      last: '2030-03-09',
    });
    expect(planDays(defect(null, null))).toBeUndefined();
    expect(dayAfter('2030-02-28')).toBe('2030-03-01');
  });

  it('counts whole days between dates, across months and clock changes', () => {
    expect(daysBetween('2030-03-03', '2030-03-06')).toBe(3);
    expect(daysBetween('2030-03-06', '2030-03-03')).toBe(-3);
    expect(daysBetween('2030-03-30', '2030-04-02')).toBe(3);
    expect(daysBetween('2030-10-26', '2030-10-28T00:00:00+01:00')).toBe(2);
  });

  it('moves both ends by a drag, keeping the time of day and the length; a resize moves the end only', () => {
    expect(movedPlan(defect('2030-03-03 09:00:00', '2030-03-05 18:00:00'), 3)).toEqual({
      planStartTime: '2030-03-06 09:00:00',
      planEndTime: '2030-03-08 18:00:00',
    });
    expect(movedPlan(defect(null, '2030-03-31 12:00'), 1)).toEqual({
      planStartTime: null,
      planEndTime: '2030-04-01 12:00',
    });
    expect(movedPlan(defect('2030-03-01', null), -1)).toEqual({
      planStartTime: '2030-02-28',
      planEndTime: null,
    });
    expect(stretchedPlan(defect('2030-03-03 09:00:00', '2030-03-05 18:00:00'), 2)).toEqual({
      planStartTime: '2030-03-03 09:00:00',
      planEndTime: '2030-03-07 18:00:00',
    });
    expect(shiftTime('2030-12-31 23:59:59', 1)).toBe('2031-01-01 23:59:59');
    expect(shiftTime('not a time', 1)).toBe('not a time');
  });
});
