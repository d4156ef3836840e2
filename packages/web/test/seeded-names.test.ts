import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictLabel } from '../src/features/dicts/use-dict.ts';
import { changeLocale, keyForName, seededText } from '../src/lib/i18n.ts';
import { personName } from '../src/lib/person-name.ts';

beforeAll(async () => changeLocale('en_US'));
afterAll(async () => changeLocale('zh_CN'));

describe('seeded texts', () => {
  it('show in the current language while they are as seeded', () => {
    expect(seededText('dict.name.sys_user_sex', '用户性别')).toBe('User gender');
    expect(dictLabel('defect_level', { dictValue: 'urgent', dictLabel: '急' })).toBe('Urgent');
    expect(seededText('config.name.sys.account.captchaEnabled', '账号自助-验证码开关')).toBe(
      'Self-service: captcha',
    );
  });

  it('show as typed once someone changed them', () => {
    expect(seededText('dict.name.sys_user_sex', '性别')).toBe('性别');
    expect(dictLabel('sys_user_sex', { dictValue: '0', dictLabel: 'M' })).toBe('M');
    expect(dictLabel('my_dict', { dictValue: '0', dictLabel: '自定义' })).toBe('自定义');
  });
});

describe('personName', () => {
  it("translates the administrator's seeded nickname only", () => {
    expect(personName({ userId: 1, userName: 'admin', nickName: '管理员' })).toBe('Administrator');
    expect(personName({ userId: 1, userName: 'admin', nickName: '老王' })).toBe('老王');
    expect(personName({ userId: 7, userName: 'wang', nickName: '管理员' })).toBe('管理员');
    expect(personName({ userId: 7, userName: 'wang', nickName: '' })).toBe('wang');
  });
});

describe('keyForName', () => {
  const seeded = { name: '项目测试', key: 'project.tester' };

  it('drops the key that translated the old name when the name changes, and brings it back', () => {
    expect(keyForName(seeded, 'QA', 'project.tester')).toBeNull();
    expect(keyForName(seeded, '项目测试', null)).toBe('project.tester');
  });

  it('keeps a key the user typed, and rows that had none', () => {
    expect(keyForName(seeded, 'QA', 'my.key')).toBe('my.key');
    expect(keyForName({ name: 'QA', key: null }, 'QA team', 'my.key')).toBe('my.key');
    expect(keyForName({ name: 'QA', key: null }, 'QA team', undefined)).toBeNull();
  });
});
