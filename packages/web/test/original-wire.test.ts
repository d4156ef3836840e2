import type { Member, RouterRecordOnWire } from '@buglet/contracts';
import { ownRouterRecord } from '@buglet/contracts/router-record';
import { describe, expect, it } from 'vitest';
import { reviewersFor } from '../src/features/defects/defect-action-dialog.tsx';

const person = (userId: number): Member =>
  ({ userId, userName: `u${userId}`, nickName: `U${userId}` }) as Member;

describe('the reviewer of a repair', () => {
  it('may be any member: testers first, then the others, the fixer last', () => {
    const members = [person(1), person(2), person(3), person(4)];
    const testers = [person(3)];
    expect(reviewersFor(2, members, testers).map((m) => m.userId)).toEqual([3, 1, 4, 2]);
    // Alone in the project: the fixer reviews their own fix.
    expect(reviewersFor(2, [person(2)], []).map((m) => m.userId)).toEqual([2]);
  });
});

describe('a /getRouters record of a page the original client lacks', () => {
  const wire: RouterRecordOnWire = {
    name: 'Database',
    path: 'database',
    hidden: true,
    component: null,
    meta: {
      title: '数据库',
      titleI18nKey: null,
      icon: null,
      noCache: false,
      link: null,
      buglet: { component: 'monitor/database/index', hidden: false },
    },
  };

  it('is read with its own page and visibility; other records as they come', () => {
    expect(ownRouterRecord(wire)).toMatchObject({ component: 'monitor/database/index', hidden: false });
    const parent = ownRouterRecord({
      ...wire,
      component: 'ParentView',
      meta: { ...wire.meta, buglet: undefined },
      children: [wire],
    });
    expect(parent).toMatchObject({ component: 'ParentView', hidden: true });
    expect(parent.children?.[0]).toMatchObject({ component: 'monitor/database/index', hidden: false });
  });
});
