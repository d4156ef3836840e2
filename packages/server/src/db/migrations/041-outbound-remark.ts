import { CONFIGS } from '../seed/reference-data.ts';
import type { AnyDb } from './helpers.ts';

const KEY = 'sys.outbound.allowRanges';
/** The allow-list's remark as 026 left it: it named only the AI servers and chat robots. */
const BEFORE =
  "以 ',' 分隔的网段（如 10.0.0.0/8、fd00::/8），项目的 AI 服务器和聊天机器人可访问这些内网、回环或链路本地地址";

/**
 * The outbound allow-list's remark names every caller it governs (webhooks and the browser tool
 * too) and the entry for a site on this machine; a remark someone changed keeps their text.
 */
export async function up(db: AnyDb): Promise<void> {
  const remark = CONFIGS.find((c) => c.key === KEY)?.remark;
  if (!remark) return;
  await db
    .updateTable('sys_config')
    .set({ remark })
    .where('config_key', '=', KEY)
    .where('remark', '=', BEFORE)
    .execute();
}
