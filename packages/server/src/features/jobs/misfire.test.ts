import { describe, expect, it } from 'vitest';
import { isRetriedWhenBusy, MAX_CATCH_UP, planTicks } from './misfire.ts';

const late = [1000, 2000, 3000];
const onTime = [9000];

describe('planTicks', () => {
  it('runs the ticks on time whatever the policy', () => {
    for (const policy of ['1', '2', '3']) expect(planTicks({ late: [], onTime, policy })).toEqual(onTime);
    for (const policy of ['1', '2', '3']) expect(planTicks({ late: [], onTime: [], policy })).toEqual([]);
  });

  it('1: runs every missed tick, oldest first, then the one on time', () => {
    expect(planTicks({ late, onTime, policy: '1' })).toEqual([1000, 2000, 3000, 9000]);
    expect(planTicks({ late, onTime: [], policy: '1' })).toEqual(late);
  });

  it('1: runs only the latest missed ticks after a long outage', () => {
    const many = Array.from({ length: 50 }, (_, i) => i * 1000);
    const plan = planTicks({ late: many, onTime: [], policy: '1' });
    expect(plan).toHaveLength(MAX_CATCH_UP);
    expect(plan).toEqual(many.slice(-MAX_CATCH_UP));
  });

  it('2: runs once for all the missed ticks, keyed by the last of them', () => {
    expect(planTicks({ late, onTime: [], policy: '2' })).toEqual([3000]);
  });

  it('2: no extra run when a tick on time runs now anyway', () => {
    expect(planTicks({ late, onTime, policy: '2' })).toEqual(onTime);
  });

  it('3 (and anything unknown): drops the missed ticks', () => {
    expect(planTicks({ late, onTime: [], policy: '3' })).toEqual([]);
    expect(planTicks({ late, onTime, policy: '3' })).toEqual(onTime);
    expect(planTicks({ late, onTime, policy: '0' })).toEqual(onTime);
  });
});

describe('isRetriedWhenBusy', () => {
  it('retries under 1 and 2 only', () => {
    expect(['1', '2', '3', '0'].map(isRetriedWhenBusy)).toEqual([true, true, false, false]);
  });
});
