import { describe, expect, it } from 'vitest';
import {
  applyFocus,
  type FocusUser,
  focusName,
  type Looking,
  lookersOf,
  seedFocus,
} from '../src/lib/member-focus.ts';
import type { MemberFocus } from '../src/lib/realtime.ts';

const ann: FocusUser = { userId: 1, userName: 'ann', nickName: 'Ann', avatar: null };
const bob: FocusUser = { userId: 2, userName: 'bob', nickName: 'Bob', avatar: '/profile/bob.png' };
const cid: FocusUser = { userId: 3, userName: 'cid', nickName: 'Cid', avatar: null };

const opens = (
  user: FocusUser,
  dataId: number,
  moduleName: MemberFocus['moduleName'] = 'defect',
): MemberFocus => ({
  moduleName,
  dataId,
  user,
});
const leaves = (userId: number): MemberFocus => ({ moduleName: null, dataId: null, user: { userId } });
const ids = (users: FocusUser[]) => users.map((u) => u.userId);
const replay = (frames: MemberFocus[], from: Looking = new Map()) => frames.reduce(applyFocus, from);

describe('applyFocus', () => {
  it('adds whoever opens an item, in the order they came', () => {
    const looking = replay([opens(bob, 7), opens(ann, 7), opens(cid, 8)]);
    expect(ids(lookersOf(looking, 'defect', 7))).toEqual([2, 1]);
    expect(lookersOf(looking, 'defect', 8)).toEqual([cid]);
  });

  it('moves a member who opens another item off the first one', () => {
    const looking = replay([opens(ann, 7), opens(bob, 7), opens(ann, 9)]);
    expect(ids(lookersOf(looking, 'defect', 7))).toEqual([2]);
    expect(ids(lookersOf(looking, 'defect', 9))).toEqual([1]);
  });

  it('tells items of different modules with the same id apart', () => {
    const looking = replay([opens(ann, 7), opens(bob, 7, 'case')]);
    expect(ids(lookersOf(looking, 'defect', 7))).toEqual([1]);
    expect(ids(lookersOf(looking, 'case', 7))).toEqual([2]);
    expect(ids(lookersOf(replay([opens(ann, 7, 'report')], looking), 'defect', 7))).toEqual([]);
  });

  it('takes a member off everything on a frame without an item', () => {
    const looking = replay([opens(ann, 7), opens(bob, 7), leaves(1)]);
    expect(ids(lookersOf(looking, 'defect', 7))).toEqual([2]);
    expect(replay([leaves(2)], looking).size).toBe(0);
  });

  it('treats an item without an id as leaving', () => {
    const looking = replay([opens(ann, 7), { moduleName: 'defect', dataId: null, user: { userId: 1 } }]);
    expect(looking.size).toBe(0);
  });

  it('keeps the same state for frames that change nothing (so nothing re-renders)', () => {
    const looking = replay([opens(ann, 7)]);
    expect(applyFocus(looking, opens({ ...ann }, 7))).toBe(looking);
    expect(applyFocus(looking, leaves(99))).toBe(looking);
    const empty: Looking = new Map();
    expect(applyFocus(empty, leaves(1))).toBe(empty);
  });

  it('takes a new name or picture of a member who opens the same item again', () => {
    const looking = replay([opens(ann, 7), opens({ ...ann, nickName: 'Annie' }, 7)]);
    expect(lookersOf(looking, 'defect', 7)[0]?.nickName).toBe('Annie');
  });

  it('ignores a frame without a user id', () => {
    const looking = replay([opens(ann, 7)]);
    expect(applyFocus(looking, { moduleName: 'defect', dataId: 7 } as unknown as MemberFocus)).toBe(looking);
    expect(applyFocus(looking, { moduleName: null, dataId: null, user: {} } as unknown as MemberFocus)).toBe(
      looking,
    );
  });

  it('does not change the state it was given', () => {
    const looking = replay([opens(ann, 7)]);
    applyFocus(looking, opens(bob, 7));
    applyFocus(looking, leaves(1));
    expect(ids(lookersOf(looking, 'defect', 7))).toEqual([1]);
  });
});

describe('seedFocus', () => {
  it('puts everyone the view lists on the item', () => {
    const looking = seedFocus(new Map(), 'defect', 7, [ann, bob]);
    expect(ids(lookersOf(looking, 'defect', 7))).toEqual([1, 2]);
  });

  it('drops those heard on the item whom the view no longer lists, and leaves other items alone', () => {
    const heard = replay([opens(ann, 7), opens(bob, 7), opens(cid, 8)]);
    const looking = seedFocus(heard, 'defect', 7, [bob]);
    expect(ids(lookersOf(looking, 'defect', 7))).toEqual([2]);
    expect(ids(lookersOf(looking, 'defect', 8))).toEqual([3]);
  });

  it('moves a listed member from the item they were heard on', () => {
    const looking = seedFocus(replay([opens(cid, 8)]), 'defect', 7, [cid]);
    expect(ids(lookersOf(looking, 'defect', 8))).toEqual([]);
    expect(ids(lookersOf(looking, 'defect', 7))).toEqual([3]);
  });

  it('empties the item on an empty list, and keeps the state when it already agrees', () => {
    const heard = replay([opens(ann, 7)]);
    expect(lookersOf(seedFocus(heard, 'defect', 7, []), 'defect', 7)).toEqual([]);
    expect(seedFocus(heard, 'defect', 7, [{ ...ann }])).toBe(heard);
  });

  it('is kept live by the frames that follow', () => {
    const seeded = seedFocus(new Map(), 'defect', 7, [ann, bob]);
    const looking = replay([leaves(1), opens(cid, 7), opens(bob, 9)], seeded);
    expect(ids(lookersOf(looking, 'defect', 7))).toEqual([3]);
  });
});

describe('lookersOf', () => {
  it('leaves the reader out', () => {
    const looking = replay([opens(ann, 7), opens(bob, 7)]);
    expect(ids(lookersOf(looking, 'defect', 7, 1))).toEqual([2]);
    expect(lookersOf(replay([opens(ann, 7)]), 'defect', 7, 1)).toEqual([]);
  });
});

describe('focusName', () => {
  it('prefers the nick name, then the user name, then the id', () => {
    expect(focusName(ann)).toBe('Ann');
    expect(focusName({ userId: 4, userName: 'dee', nickName: '' })).toBe('dee');
    expect(focusName({ userId: 5 })).toBe('#5');
  });
});
