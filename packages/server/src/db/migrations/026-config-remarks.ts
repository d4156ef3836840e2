import { CONFIGS } from '../seed/reference-data.ts';
import type { AnyDb } from './helpers.ts';

/** The English remarks the settings were first seeded with. */
const SEEDED_IN_ENGLISH: Record<string, string> = {
  'sys.index.skinName': 'UI skin (kept for compatibility)',
  'sys.member.initPassword': 'initial password',
  'sys.index.sideTheme': 'theme-dark, theme-light',
  'sys.account.captchaEnabled': 'captcha on login and registration (true/false)',
  'sys.account.registerUser': 'self-registration (true/false)',
  'sys.login.blackIPList': "';'-separated IPs, '*' wildcards or a-b ranges",
  'sys.outbound.allowRanges':
    "','-separated CIDRs (10.0.0.0/8, fd00::/8) that project AI servers and chat robots may reach although private, loopback or link-local",
};

/**
 * The settings' remarks were seeded in English and showed so in the Chinese interface. They are
 * now seeded in Chinese like the names, and the web shows the English for a remark still as
 * seeded; rows someone changed keep their text.
 */
export async function up(db: AnyDb): Promise<void> {
  for (const config of CONFIGS) {
    const old = SEEDED_IN_ENGLISH[config.key];
    if (old === undefined) continue;
    await db
      .updateTable('sys_config')
      .set({ remark: config.remark })
      .where('config_key', '=', config.key)
      .where('remark', '=', old)
      .execute();
  }
}
