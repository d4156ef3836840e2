import { describe, expect, it } from 'vitest';
import { dashboardCsv } from '../src/features/plans/plan-dashboard.tsx';

const HEADERS = {
  day: 'Day',
  left: 'Not passed yet',
  passed: 'Passed that day',
  deliverable: 'Deliverable',
  items: 'Total',
  passedItems: 'Passed',
  defects: 'Defects',
};
const module = (moduleName: string, itemCount: number, passCount: number, defectCount: number) => ({
  moduleId: 1,
  modulePid: 0,
  moduleName,
  projectId: 1,
  childrenCount: 0,
  itemCount,
  passCount,
  defectCount,
});

describe('the plan dashboard’s CSV', () => {
  it('lists the burndown, then the deliverables with items, a byte-order mark first', () => {
    const csv = dashboardCsv(
      [
        { key: '2026-11-28', value: 5, passed: 0 },
        { key: '2026-11-29', value: 3, passed: 2 },
      ],
      [module('Web', 5, 2, 1), module('Empty', 0, 0, 0)],
      HEADERS,
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Day,Not passed yet,Passed that day',
      '2026-11-28,5,0',
      '2026-11-29,3,2',
      '',
      'Deliverable,Total,Passed,Defects',
      'Web,5,2,1',
      '',
    ]);
  });

  it('quotes a name holding a comma, a quote or a line break', () => {
    const csv = dashboardCsv([], [module('Cart, "new"\nflow', 1, 0, 0)], HEADERS);
    expect(csv).toContain('"Cart, ""new""\nflow",1,0,0');
  });
});
