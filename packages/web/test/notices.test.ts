import {
  defaultImSettings,
  dingParams,
  type ImUserSettings,
  imUserSettingsChecked,
  NOTICE_SOUNDS,
  wechatParams,
} from '@buglet/contracts';
import { describe, expect, it } from 'vitest';
import { mailBody } from '../src/features/notices/mail-config.ts';
import {
  linkProjectId,
  NOTICE_TABS,
  noticeLinkPath,
  plainExcerpt,
  unreadOf,
  unreadTotal,
} from '../src/features/notices/notice-groups.ts';
import {
  formToSettings,
  isMailReceiverValid,
  type NoticeSettingsForm,
  settingsToForm,
} from '../src/features/notices/notice-settings.ts';
import { findSound, NOTICE_SOUND_TABLE, soundLength } from '../src/features/notices/notice-sounds.ts';
import {
  checkPlatformField,
  DING_FIELDS,
  PLATFORM_FIELDS,
  type PlatformValues,
  parsePlatformParams,
  platformParams,
  WECHAT_FIELDS,
} from '../src/features/notices/platform-rules.ts';
import zhCN from '../src/locales/zh_CN.json';

const groups = [
  { groupName: 'defect', notReadCount: 3, readCount: 10 },
  { groupName: 'report', notReadCount: 0, readCount: 1 },
  { groupName: 'artificial', notReadCount: 2, readCount: 0 },
];

describe('unread counts', () => {
  it('sums every group for the bell and the All tab', () => {
    expect(unreadTotal(groups)).toBe(5);
    expect(unreadOf(groups, 'all')).toBe(5);
    expect(unreadOf(groups, 'defect')).toBe(3);
    expect(unreadOf(groups, 'report')).toBe(0);
    expect(unreadOf(groups, 'artificial')).toBe(2);
  });

  it('is 0 (no dot) while nothing is loaded or nothing is unread', () => {
    expect(unreadTotal(undefined)).toBe(0);
    expect(unreadTotal([])).toBe(0);
    expect(unreadTotal([{ groupName: 'defect', notReadCount: 0 }])).toBe(0);
  });

  it('ignores counts that are not numbers or below zero', () => {
    expect(unreadTotal([{ groupName: 'defect', notReadCount: Number.NaN }, ...groups])).toBe(5);
    expect(unreadTotal([{ groupName: 'defect', notReadCount: -4 }])).toBe(0);
  });

  it('has the All tab then one per group', () => {
    expect(NOTICE_TABS).toEqual(['all', 'defect', 'report', 'artificial']);
  });
});

describe('notice links', () => {
  it('follows our hash paths and the hash part of the original full URLs', () => {
    expect(noticeLinkPath('/project/defect?defectId=5&projectId=2')).toBe(
      '/project/defect?defectId=5&projectId=2',
    );
    expect(noticeLinkPath('#/project/defect?defectId=5')).toBe('/project/defect?defectId=5');
    expect(noticeLinkPath('https://bugs.example.com/#/project/report?reportId=1')).toBe(
      '/project/report?reportId=1',
    );
  });

  it('follows nothing else', () => {
    for (const src of [
      null,
      undefined,
      '',
      '  ',
      'javascript:alert(1)',
      '//evil.example/x',
      'https://x.y/z',
    ]) {
      expect(noticeLinkPath(src)).toBeUndefined();
    }
  });

  it('finds the project a link points into', () => {
    expect(linkProjectId('/project/defect?defectId=5&projectId=2')).toBe(2);
    expect(linkProjectId('/project/defect?defectId=5')).toBeUndefined();
    expect(linkProjectId('/project/defect?projectId=abc')).toBeUndefined();
  });

  it('shortens Markdown to one line of plain text for the pop-up', () => {
    expect(
      plainExcerpt('## #12 Login fails\n\n**Level**: high\n- [link](https://x.y)\n![img](/profile/a.png)'),
    ).toBe('Level: high link');
    expect(plainExcerpt('Call `#12` now\n```\ncode\n```\n> quoted')).toBe('Call #12 now quoted');
    expect(plainExcerpt('a'.repeat(200), 10)).toBe(`${'a'.repeat(9)}…`);
    expect(plainExcerpt(null)).toBe('');
    // Escaped punctuation reads as itself, starred text as its words.
    expect(plainExcerpt('Plan “Release 3\\.0” case \\#6 \\*new\\* **bold**')).toBe(
      'Plan “Release 3.0” case #6 *new* bold',
    );
  });
});

const FORM: NoticeSettingsForm = {
  defectReceiver: false,
  defectCollect: true,
  defectRealtime: true,
  systemOn: true,
  panel: false,
  soundOn: true,
  sound: 'junhao.mp3',
  mailOn: true,
  mailReceiver: ' dana@example.com ',
  dingOn: true,
  dingUserId: 'ding-42',
  wechatOn: false,
  wechatUserId: '',
};

describe('notice settings form ⇄ config', () => {
  it('reads the defaults when nothing is saved', () => {
    expect(settingsToForm(undefined)).toEqual({
      defectReceiver: true,
      defectCollect: true,
      defectRealtime: true,
      systemOn: true,
      panel: true,
      soundOn: true,
      sound: 'default.mp3',
      mailOn: false,
      mailReceiver: '',
      dingOn: false,
      dingUserId: '',
      wechatOn: false,
      wechatUserId: '',
    });
    expect(settingsToForm(defaultImSettings({ email: 'me@example.com' })).mailReceiver).toBe(
      'me@example.com',
    );
  });

  it('writes the original JSON shape (asystem, bmail, ding, wechat) with the author language', () => {
    expect(formToSettings(FORM, 'en_US')).toEqual({
      modules: {
        defect: { event: { receiver: false, collect: true }, option: { realtime: { switch: true } } },
      },
      platforms: {
        asystem: { switch: true, backgroundMusic: true, backgroundMusicUrl: 'junhao.mp3', panel: false },
        bmail: { switch: true, receiver: 'dana@example.com' },
        ding: { switch: true, userId: 'ding-42' },
        wechat: { switch: false, userId: '' },
      },
      lang: 'en_US',
    });
  });

  it('round-trips, and the server schema accepts what the form writes', () => {
    const config = formToSettings(FORM, 'zh_CN');
    expect(settingsToForm(config)).toEqual({ ...FORM, mailReceiver: 'dana@example.com' });
    expect(imUserSettingsChecked.safeParse(config).success).toBe(true);
  });

  it('takes the first sound for a name it does not know, and defaults for missing parts', () => {
    const odd = {
      modules: {},
      platforms: {
        asystem: { switch: false, backgroundMusic: false, backgroundMusicUrl: 'x.mp3', panel: true },
      },
    } as unknown as ImUserSettings;
    const form = settingsToForm(odd);
    expect(form.sound).toBe('default.mp3');
    expect(form.systemOn).toBe(false);
    expect(form.soundOn).toBe(false);
    expect(form.defectReceiver).toBe(true);
    expect(form.mailOn).toBe(false);
  });

  it('checks the receiver as the server does: only with e-mail on', () => {
    const cases: [boolean, string][] = [
      [false, ''],
      [false, 'nonsense'],
      [true, 'dana@example.com'],
      [true, ''],
      [true, 'dana@'],
      [true, 'dana example@x.com'],
      [true, `${'a'.repeat(45)}@x.com`],
    ];
    for (const [isOn, receiver] of cases) {
      const config = formToSettings({ ...FORM, mailOn: isOn, mailReceiver: receiver }, 'zh_CN');
      expect(isMailReceiverValid(isOn, receiver), `${isOn} ${receiver}`).toBe(
        imUserSettingsChecked.safeParse(config).success,
      );
    }
  });
});

describe('notice sounds', () => {
  it('has one synthesized jingle per sound name on the wire, each labelled in both languages', () => {
    expect(NOTICE_SOUND_TABLE.map((s) => s.file)).toEqual([...NOTICE_SOUNDS]);
    expect(NOTICE_SOUND_TABLE.map((s) => s.labelKey)).toEqual([
      'notice.sound.default',
      'notice.sound.electric',
      'notice.sound.bugle',
      'notice.sound.emperor',
      'notice.sound.immortal',
      'notice.sound.teacher',
    ]);
    for (const s of NOTICE_SOUND_TABLE) expect(zhCN).toHaveProperty([s.labelKey]);
  });

  it('makes every jingle short, audible and different from the others', () => {
    const prints = new Set<string>();
    for (const sound of NOTICE_SOUND_TABLE) {
      expect(sound.tones.length).toBeGreaterThanOrEqual(2);
      expect(soundLength(sound)).toBeGreaterThan(0.3);
      expect(soundLength(sound)).toBeLessThanOrEqual(1.5);
      for (const tone of sound.tones) {
        expect(tone.gain).toBeGreaterThan(0);
        expect(tone.freq).toBeGreaterThanOrEqual(80);
        expect(tone.freq).toBeLessThanOrEqual(4000);
      }
      prints.add(JSON.stringify(sound.tones.map((t) => [t.wave, Math.round(t.freq)])));
    }
    expect(prints.size).toBe(NOTICE_SOUND_TABLE.length);
  });

  it('never clips: the tones sounding at any moment add up to at most 1', () => {
    for (const sound of NOTICE_SOUND_TABLE) {
      for (const start of sound.tones.map((t) => t.at)) {
        const loud = sound.tones
          .filter((t) => t.at <= start && start < t.at + t.duration)
          .reduce((sum, t) => sum + t.gain, 0);
        expect(loud, sound.file).toBeLessThanOrEqual(1);
      }
    }
  });

  it('falls back to the default sound for an unknown name', () => {
    expect(findSound('shifu.mp3').labelKey).toBe('notice.sound.teacher');
    expect(findSound('nope.mp3').file).toBe('default.mp3');
    expect(findSound(undefined).file).toBe('default.mp3');
  });
});

describe('project platform settings', () => {
  const formCheck = (code: 'ding' | 'wechat', values: PlatformValues) =>
    PLATFORM_FIELDS[code].every((f) => checkPlatformField(code, f, values) === undefined);

  it('refuses in the form exactly what the server refuses (DingTalk)', () => {
    const cases: PlatformValues[] = [
      {},
      { keyword: 'bug', hook: 'https://oapi.dingtalk.com/robot/send?access_token=abc', secret: 'SEC1' },
      { hook: 'http://intranet:8080/hook' },
      { hook: 'oapi.dingtalk.com/robot/send' },
      { hook: 'https://' },
      { hook: 'https://a b.com' },
      { hook: 'ftp://x.com' },
      { keyword: 'k'.repeat(65) },
      { clientId: 'c'.repeat(128), clientSecret: 's', robotCode: 'r' },
      { robotCode: 'r'.repeat(129) },
    ];
    for (const values of cases) {
      expect(formCheck('ding', values), JSON.stringify(values)).toBe(
        dingParams.safeParse(platformParams('ding', values)).success,
      );
    }
  });

  it('refuses in the form exactly what the server refuses (WeCom: all three or none)', () => {
    const cases: PlatformValues[] = [
      {},
      { corpId: 'ww1', agentId: '1000002', corpSecret: 's' },
      { corpId: 'ww1' },
      { corpId: 'ww1', agentId: '1000002' },
      { corpId: 'ww1', agentId: 'abc', corpSecret: 's' },
      { corpId: 'w'.repeat(65), agentId: '1', corpSecret: 's' },
    ];
    for (const values of cases) {
      expect(formCheck('wechat', values), JSON.stringify(values)).toBe(
        wechatParams.safeParse(platformParams('wechat', values)).success,
      );
    }
  });

  it('names the problem at the field', () => {
    const hook = DING_FIELDS.find((f) => f.name === 'hook');
    const secret = WECHAT_FIELDS.find((f) => f.name === 'corpSecret');
    if (!hook || !secret) throw new Error('fields missing');
    expect(checkPlatformField('ding', hook, { hook: 'not a url' })).toBe('ding.format-error');
    expect(checkPlatformField('wechat', secret, { corpId: 'ww1' })).toBe('enterprise-wechat.incomplete');
    expect(checkPlatformField('wechat', secret, {})).toBeUndefined();
  });

  it('reads the stored JSON text into strings, whatever it holds', () => {
    expect(parsePlatformParams('wechat', '{"corpId":"ww1","agentId":1000002,"extra":true}')).toEqual({
      corpId: 'ww1',
      agentId: '1000002',
      corpSecret: '',
    });
    expect(parsePlatformParams('ding', 'not json')).toEqual({
      keyword: '',
      hook: '',
      secret: '',
      clientId: '',
      clientSecret: '',
      robotCode: '',
    });
    expect(parsePlatformParams('ding', null).hook).toBe('');
    expect(platformParams('ding', { keyword: '  bug ', other: 'x' })).toEqual({
      keyword: 'bug',
      hook: '',
      secret: '',
      clientId: '',
      clientSecret: '',
      robotCode: '',
    });
  });
});

describe('mail server settings', () => {
  it('leaves the password out when the field is empty, so the stored one stays', () => {
    const base = { host: ' smtp.x.com ', port: 465, secure: true, user: 'u', from: 'a@x.com' };
    expect(mailBody({ ...base, password: '' })).toEqual({ ...base, host: 'smtp.x.com' });
    expect(mailBody({ ...base, password: 'p w' })).toEqual({ ...base, host: 'smtp.x.com', password: 'p w' });
  });
});
