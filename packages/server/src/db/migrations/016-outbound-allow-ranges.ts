import { formatDateTime } from '../../lib/time.ts';
import { CONFIGS } from '../seed/reference-data.ts';
import type { AnyDb } from './helpers.ts';

const KEY = 'sys.outbound.allowRanges';

/**
 * The outbound guard's allow-list (lib/outbound.ts) as a config record, empty: a database seeded
 * before gets the record a new one is seeded with, so the administrator finds it in the list.
 */
export async function up(db: AnyDb): Promise<void> {
  const seeded = CONFIGS.find((c) => c.key === KEY);
  const found = await db
    .selectFrom('sys_config')
    .select('config_id')
    .where('config_key', '=', KEY)
    .executeTakeFirst();
  if (!seeded || found) return;
  await db
    .insertInto('sys_config')
    .values({
      config_name: seeded.name,
      config_key: seeded.key,
      config_value: seeded.value,
      config_type: 'Y',
      remark: seeded.remark,
      create_by: 'admin',
      create_time: formatDateTime(),
    })
    .execute();
}
