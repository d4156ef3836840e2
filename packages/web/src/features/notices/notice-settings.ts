import {
  defaultImSettings,
  EMAIL_PATTERN,
  type ImUserSettings,
  LIMITS,
  NOTICE_SOUNDS,
} from '@buglet/contracts';

export type NoticeSound = (typeof NOTICE_SOUNDS)[number];

/** The settings dialog's fields, flat, one per control. */
export interface NoticeSettingsForm {
  defectReceiver: boolean;
  defectCollect: boolean;
  defectRealtime: boolean;
  systemOn: boolean;
  panel: boolean;
  soundOn: boolean;
  sound: NoticeSound;
  mailOn: boolean;
  mailReceiver: string;
  dingOn: boolean;
  dingUserId: string;
  wechatOn: boolean;
  wechatUserId: string;
}

export const USER_ID_MAX = LIMITS.imUserId.max;

const isSound = (value: unknown): value is NoticeSound =>
  typeof value === 'string' && (NOTICE_SOUNDS as readonly string[]).includes(value);

/** Reads a saved config into the form; a missing part takes the default, an unknown sound the first one. */
export function settingsToForm(config: ImUserSettings | null | undefined): NoticeSettingsForm {
  const fallback = defaultImSettings({});
  const defect = config?.modules?.defect ?? fallback.modules.defect;
  const p = { ...fallback.platforms, ...config?.platforms };
  return {
    defectReceiver: defect.event?.receiver !== false,
    defectCollect: defect.event?.collect !== false,
    defectRealtime: defect.option?.realtime?.switch !== false,
    systemOn: p.asystem?.switch !== false,
    panel: p.asystem?.panel !== false,
    soundOn: p.asystem?.backgroundMusic !== false,
    sound: isSound(p.asystem?.backgroundMusicUrl) ? p.asystem.backgroundMusicUrl : NOTICE_SOUNDS[0],
    mailOn: p.bmail?.switch === true,
    mailReceiver: p.bmail?.receiver ?? '',
    dingOn: p.ding?.switch === true,
    dingUserId: p.ding?.userId ?? '',
    wechatOn: p.wechat?.switch === true,
    wechatUserId: p.wechat?.userId ?? '',
  };
}

/** Builds the config the server stores, in the original's JSON shape, with the author's language. */
export function formToSettings(form: NoticeSettingsForm, lang: 'zh_CN' | 'en_US'): ImUserSettings {
  return {
    modules: {
      defect: {
        event: { receiver: form.defectReceiver, collect: form.defectCollect },
        option: { realtime: { switch: form.defectRealtime } },
      },
    },
    platforms: {
      asystem: {
        switch: form.systemOn,
        backgroundMusic: form.soundOn,
        backgroundMusicUrl: form.sound,
        panel: form.panel,
      },
      bmail: { switch: form.mailOn, receiver: form.mailReceiver.trim() },
      ding: { switch: form.dingOn, userId: form.dingUserId.trim() },
      wechat: { switch: form.wechatOn, userId: form.wechatUserId.trim() },
    },
    lang,
  };
}

/** The server's rule: with e-mail switched on the receiver must be a well-formed address. */
export function isMailReceiverValid(isOn: boolean, receiver: string): boolean {
  if (!isOn) return true;
  const text = receiver.trim();
  return text.length > 0 && text.length <= LIMITS.email.max && EMAIL_PATTERN.test(text);
}
