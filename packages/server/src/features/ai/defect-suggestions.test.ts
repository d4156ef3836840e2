import { describe, expect, it } from 'vitest';
import {
  isStale,
  type MemberChoice,
  markdownImages,
  modulePrompt,
  pickMember,
  pickModule,
  pickTitle,
  pickType,
  pickVersion,
  readModelJson,
  versionHistory,
  versionPrompt,
} from './defect-suggestions.ts';

const paths = new Map([
  ['Shop', 1],
  ['Shop/Cart', 2],
  ['Shop/Checkout', 3],
  ['Admin/Cart', 4],
]);
const members: MemberChoice[] = [
  { userId: 7, userName: 'alice', nickName: 'Alice', roleNames: ['项目开发'] },
  { userId: 8, userName: 'bob', nickName: 'Robert', roleNames: ['项目测试'] },
  { userId: 9, userName: 'carol', nickName: 'Robert', roleNames: [] },
];
const now = new Date('2026-03-20T12:00:00');
const history = versionHistory([
  { version: '1.1.0', createTime: '2026-03-18 10:00:00' },
  { version: ' 1.0.0 ', createTime: '2026-01-02 10:00:00' },
  { version: '1.1.0', createTime: '2026-02-01 10:00:00' },
  { version: '', createTime: '2026-03-19 10:00:00' },
]);

describe('reading the answer', () => {
  it('finds the JSON in fences and sentences, and says when there is none', () => {
    expect(readModelJson('```json\n{"title":"A"}\n```')).toEqual({ title: 'A' });
    expect(readModelJson('Sure! {"type":"BUG"} Hope it helps.')).toEqual({ type: 'BUG' });
    expect(readModelJson('"Cart is wrong"')).toBe('Cart is wrong');
    expect(readModelJson('It is a bug')).toBeUndefined();
    expect(readModelJson('{"title": "cut')).toBeUndefined();
  });
});

describe('screenshots in the description', () => {
  it('are the Markdown images, in order', () => {
    expect(
      markdownImages(
        'Broken:\n![pasted image](/profile/upload/a.png)\ntext ![x]( <http://h/profile/b.jpg> "t") [link](/profile/c.png)',
      ),
    ).toEqual(['/profile/upload/a.png', 'http://h/profile/b.jpg']);
    expect(markdownImages('no images')).toEqual([]);
  });
});

describe('the title', () => {
  it('keeps letters, digits and joining marks, without quotes, labels or a final stop', () => {
    expect(pickTitle({ title: '“Cart badge shows the wrong count.”' })).toBe(
      'Cart badge shows the wrong count',
    );
    expect(pickTitle({ Title: 'Title: **Login** fails 😀 on iOS 17' })).toBe('Login fails on iOS 17');
    expect(pickTitle({ title: '购物车数量显示错误。' })).toBe('购物车数量显示错误');
    expect(pickTitle({ title: '  line\none  ' })).toBe('line one');
    expect(pickTitle('A bare title')).toBe('A bare title');
    expect(pickTitle({ title: 'x'.repeat(300) })).toHaveLength(128);
  });

  it('is null when nothing is left', () => {
    expect(pickTitle({ title: '' })).toBeNull();
    expect(pickTitle({ title: '!!!' })).toBeNull();
    expect(pickTitle({ name: 42 })).toBe('42');
    expect(pickTitle({ other: 'x' })).toBeNull();
    expect(pickTitle(null)).toBeNull();
  });
});

describe('the deliverable', () => {
  it('is one of the project’s, by id (a number or a numeric text)', () => {
    expect(pickModule({ moduleId: 2 }, paths)).toEqual({ moduleId: 2, modulePath: 'Shop/Cart' });
    expect(pickModule({ moduleId: '3' }, paths)).toEqual({ moduleId: 3, modulePath: 'Shop/Checkout' });
    expect(pickModule({ id: [4] }, paths)).toEqual({ moduleId: 4, modulePath: 'Admin/Cart' });
    expect(pickModule(2, paths)).toEqual({ moduleId: 2, modulePath: 'Shop/Cart' });
  });

  it('drops an id that is not the project’s', () => {
    expect(pickModule({ moduleId: 99 }, paths)).toBeNull();
    expect(pickModule({ moduleId: 0 }, paths)).toBeNull();
    expect(pickModule({ moduleId: null }, paths)).toBeNull();
    expect(pickModule({ moduleId: -2 }, paths)).toBeNull();
  });

  it('finds a path the model wrote, and drops one that is not there or not unique', () => {
    expect(pickModule({ modulePath: 'shop / checkout' }, paths)).toEqual({
      moduleId: 3,
      modulePath: 'Shop/Checkout',
    });
    expect(pickModule({ module: 'Checkout' }, paths)).toEqual({ moduleId: 3, modulePath: 'Shop/Checkout' });
    expect(pickModule({ moduleName: 'Cart' }, paths)).toBeNull();
    expect(pickModule({ modulePath: 'Shop/Wishlist' }, paths)).toBeNull();
  });

  it('is offered to the model with its id', () => {
    const prompt = modulePrompt('en_US', { describe: 'x' }, paths);
    expect(prompt).toContain('1: Shop\n2: Shop/Cart\n3: Shop/Checkout\n4: Admin/Cart');
  });
});

describe('the type', () => {
  it('is BUG, TASK or DEMAND in any spelling the model uses', () => {
    expect(pickType({ type: 'bug' })).toBe('BUG');
    expect(pickType({ defectType: 'Task' })).toBe('TASK');
    expect(pickType({ type: '需求' })).toBe('DEMAND');
    expect(pickType({ type: 'Feature' })).toBe('DEMAND');
    expect(pickType({ type: '缺陷' })).toBe('BUG');
    expect(pickType('DEMAND')).toBe('DEMAND');
    expect(pickType({ type: 'This is a BUG.' })).toBe('BUG');
    expect(pickType({ type: ['TASK'] })).toBe('TASK');
  });

  it('is null for anything else', () => {
    expect(pickType({ type: 'URGENT' })).toBeNull();
    expect(pickType({ type: 'BUG or TASK' })).toBeNull();
    expect(pickType({ type: 3 })).toBeNull();
    expect(pickType({})).toBeNull();
  });
});

describe('the handler', () => {
  it('is a member, by id or by a unique account or name', () => {
    expect(pickMember({ memberId: 8 }, members)?.userId).toBe(8);
    expect(pickMember({ userId: '7' }, members)?.userId).toBe(7);
    expect(pickMember({ handleBy: [9] }, members)?.userId).toBe(9);
    expect(pickMember({ member: 'ALICE' }, members)?.userId).toBe(7);
    expect(pickMember({ member: 'carol' }, members)?.userId).toBe(9);
    expect(pickMember({ member: 'Bob' }, members)?.userId).toBe(8);
  });

  it('is dropped when not a member or not one person', () => {
    expect(pickMember({ memberId: 424242 }, members)).toBeNull();
    expect(pickMember({ member: 'Robert' }, members)).toBeNull();
    expect(pickMember({ member: 'dave' }, members)).toBeNull();
    expect(pickMember({ memberId: null }, members)).toBeNull();
  });
});

describe('the version', () => {
  it('history: each version once, by its last use, newest first', () => {
    expect(history).toEqual([
      { version: '1.1.0', lastUsed: '2026-03-18 10:00:00' },
      { version: '1.0.0', lastUsed: '2026-01-02 10:00:00' },
    ]);
    expect(isStale(history, now)).toBe(false);
    expect(isStale(history, new Date('2026-04-02T10:00:01'))).toBe(true);
    expect(isStale([], now)).toBe(false);
  });

  it('while the newest is recent: a listed one only, in the project’s spelling', () => {
    expect(pickVersion({ version: '1.1.0' }, history, now)).toBe('1.1.0');
    expect(pickVersion({ version: 'Version: 1.0.0' }, history, now)).toBe('1.0.0');
    expect(pickVersion({ version: '1.2.0' }, history, now)).toBeNull();
    expect(versionPrompt('en_US', { describe: 'x' }, history, now)).toContain(
      '1.1.0 2026-03-18\n1.0.0 2026-01-02\nReturn the newest version',
    );
  });

  it('once the newest is two weeks old: a new well-formed one too', () => {
    const later = new Date('2026-04-10T10:00:00');
    expect(pickVersion({ version: '1.1.1' }, history, later)).toBe('1.1.1');
    expect(pickVersion({ version: 1.2 }, history, later)).toBe('1.2');
    expect(pickVersion({ version: 'the next one' }, history, later)).toBeNull();
    expect(pickVersion({ version: '' }, history, later)).toBeNull();
    expect(versionPrompt('zh_CN', { describe: 'x' }, history, later)).toContain(
      '最新的版本1.1.0已经超过两周没有使用了',
    );
  });
});
