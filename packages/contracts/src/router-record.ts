import type { RouterRecord, RouterRecordOnWire } from './auth.ts';

/**
 * A /getRouters record as Buglet's client uses it: its own page and visibility where
 * `meta.buglet` gives them (pages the original's client lacks). No zod here: the web's first page
 * imports it.
 */
export function ownRouterRecord(record: RouterRecordOnWire): RouterRecord {
  const { children, ...rest } = record;
  const own = record.meta.buglet;
  return {
    ...rest,
    component: own?.component ?? record.component ?? '',
    hidden: own?.hidden ?? record.hidden,
    ...(children ? { children: children.map(ownRouterRecord) } : {}),
  };
}
