import type { Db } from '../../db/connect.ts';
import type { LoginTicketTable, UserTotpTable } from '../../db/schema.ts';

/** Two-factor sign-in's rows; every "once only" rule is one conditional statement. */

export async function findTotp(db: Db, userId: number): Promise<UserTotpTable | undefined> {
  return db.selectFrom('sysUserTotp').selectAll().where('userId', '=', userId).executeTakeFirst();
}

/** The user ids among `userIds` with two-factor sign-in on. */
export async function listTotpEnabled(db: Db, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('sysUserTotp')
    .select('userId')
    .where('userId', 'in', [...userIds])
    .where('isEnabled', '=', 1)
    .execute();
  return new Set(rows.map((r) => r.userId));
}

/** A new pending secret; an enabled one is never replaced (answers false then). */
export async function putPendingTotp(db: Db, userId: number, secret: string, now: string): Promise<boolean> {
  const res = await db
    .insertInto('sysUserTotp')
    .values({ userId, secret, isEnabled: 0, lastStep: 0, createTime: now, enabledTime: null })
    .onConflict((oc) =>
      oc
        .column('userId')
        .doUpdateSet({ secret, lastStep: 0, createTime: now, enabledTime: null })
        .where('sysUserTotp.isEnabled', '=', 0),
    )
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Takes a time step for the person: only a step after the last one taken, so a code is accepted
 * once (two requests with the same code: one wins). `enable` also turns a pending secret on.
 */
export async function takeStep(
  db: Db,
  userId: number,
  step: number,
  enable?: { now: string },
): Promise<boolean> {
  const res = await db
    .updateTable('sysUserTotp')
    .set(enable ? { lastStep: step, isEnabled: 1, enabledTime: enable.now } : { lastStep: step })
    .where('userId', '=', userId)
    .where('lastStep', '<', step)
    .where('isEnabled', '=', enable ? 0 : 1)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function replaceRecoveryCodes(db: Db, userId: number, hashes: readonly string[]): Promise<void> {
  await db.deleteFrom('sysUserRecoveryCode').where('userId', '=', userId).execute();
  await db
    .insertInto('sysUserRecoveryCode')
    .values(hashes.map((codeHash) => ({ userId, codeHash, usedTime: null })))
    .execute();
}

/** Marks an unused recovery code used; false when there is none such (wrong, or used before). */
export async function useRecoveryCode(
  db: Db,
  userId: number,
  codeHash: string,
  now: string,
): Promise<boolean> {
  const res = await db
    .updateTable('sysUserRecoveryCode')
    .set({ usedTime: now })
    .where('userId', '=', userId)
    .where('codeHash', '=', codeHash)
    .where('usedTime', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function countRecoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('sysUserRecoveryCode')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .where('usedTime', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Two-factor sign-in off: the secret, the recovery codes and any waiting sign-in gone. */
export async function deleteTotp(db: Db, userId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sysUserRecoveryCode').where('userId', '=', userId).execute();
    await trx.deleteFrom('sysLoginTicket').where('userId', '=', userId).execute();
    const res = await trx.deleteFrom('sysUserTotp').where('userId', '=', userId).executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  });
}

export async function insertTicket(db: Db, row: LoginTicketTable): Promise<void> {
  await db.deleteFrom('sysLoginTicket').where('expireAt', '<', Date.now()).execute();
  await db.insertInto('sysLoginTicket').values(row).execute();
}

export async function findTicket(db: Db, ticketHash: string, now: number) {
  return db
    .selectFrom('sysLoginTicket')
    .selectAll()
    .where('ticketHash', '=', ticketHash)
    .where('expireAt', '>=', now)
    .executeTakeFirst();
}

/** Counts a wrong code; the ticket dies at `max`. Answers the wrong codes left (0: dead). */
export async function failTicket(db: Db, ticketHash: string, max: number): Promise<number> {
  const row = await db
    .updateTable('sysLoginTicket')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('ticketHash', '=', ticketHash)
    .returning('failures')
    .executeTakeFirst();
  const failures = row?.failures ?? max;
  if (failures >= max) await deleteTicket(db, ticketHash);
  return Math.max(0, max - failures);
}

/** Takes the ticket (once: of two requests, one gets it). */
export async function deleteTicket(db: Db, ticketHash: string): Promise<boolean> {
  const res = await db.deleteFrom('sysLoginTicket').where('ticketHash', '=', ticketHash).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
