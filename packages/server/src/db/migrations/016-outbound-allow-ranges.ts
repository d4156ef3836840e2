import { type AnyDb, addSeededConfigs } from './helpers.ts';

/**
 * The outbound guard's allow-list (lib/outbound.ts) as a config record, empty: a database seeded
 * before gets the record a new one is seeded with, so the administrator finds it in the list.
 */
export async function up(db: AnyDb): Promise<void> {
  await addSeededConfigs(db, ['sys.outbound.allowRanges']);
}
