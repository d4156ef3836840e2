import { SUPER_ADMIN_ID } from '@buglet/contracts';
import type { Db } from '../../db/connect.ts';
import type { Principal } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { type Lang, translate } from '../../http/i18n.ts';
import { formatDateTime } from '../../lib/time.ts';
import { sendKeyedNotice } from '../notices/keyed-notice.ts';
import { noticeFrame } from '../notices/notices.service.ts';
import type { Hub } from '../realtime/hub.ts';
import { readerLangs } from '../users/reader-langs.ts';
import { ensureUserConfig } from '../users/users.repository.ts';
import { findLiveTeam, findMembership, insertMembership } from './teams.repository.ts';

/*
 * Becoming a member is the invited person's choice: an invitation waits, with a notice holding
 * an accept and a decline button, until they answer. Only the super administrator adds people
 * at once, as the original did for everyone; they are told by a notice. Either way, someone who
 * stood in no team stands in the new one, and their open pages hear of it (`teamsChanged`).
 */

export const INVITATION_NOTICE = 'team.invitation';

export interface InvitationFacts {
  invitationId: number;
  teamName: string;
  inviter: string;
}

/** The notice's words, in the reader's language, from the facts stored with it. */
export function renderInvitation(lang: Lang, facts: InvitationFacts) {
  return {
    title: translate(lang, 'team.invitation.title', [facts.inviter, facts.teamName]),
    content: translate(lang, 'team.invitation.content', [facts.inviter, facts.teamName]),
  };
}

export async function inviteOrAdd(
  db: Db,
  hub: Hub,
  caller: Principal,
  teamId: number,
  memberIds: number[],
  roleIds: number[],
): Promise<{ added: number; invited: number }> {
  const users = await db
    .selectFrom('sysUser')
    .select('userId')
    .where('userId', 'in', memberIds)
    .where('delFlag', '=', '0')
    .where('status', '=', '0')
    .execute();
  const team = await findLiveTeam(db, teamId);
  if (!team) throw new AppError('team.no-permission');
  const me = await db
    .selectFrom('sysUser')
    .select('nickName')
    .where('userId', '=', caller.userId)
    .executeTakeFirst();
  const now = formatDateTime();
  const result = { added: 0, invited: 0 };
  const notices: Array<{ userId: number; noticeId: number; facts: InvitationFacts }> = [];
  const addedIds: number[] = [];
  await db.transaction().execute(async (trx) => {
    for (const { userId } of users) {
      // Inviting someone already in the team changes nothing.
      if (await findMembership(trx, teamId, userId)) continue;
      if (caller.userId === SUPER_ADMIN_ID) {
        await insertMembership(trx, teamId, userId, roleIds, now);
        await ensureUserConfig(trx, userId);
        await standInTeamIfNone(trx, userId, teamId);
        addedIds.push(userId);
        result.added += 1;
        continue;
      }
      const row = await trx
        .insertInto('sysTeamInvitation')
        .values({
          teamId,
          userId,
          roleIds: JSON.stringify(roleIds),
          invitedById: caller.userId,
          state: 'pending',
          createTime: now,
          answerTime: null,
        })
        .onConflict((oc) =>
          oc.columns(['teamId', 'userId']).doUpdateSet({
            roleIds: JSON.stringify(roleIds),
            invitedById: caller.userId,
            state: 'pending',
            createTime: now,
            answerTime: null,
          }),
        )
        .returning('invitationId')
        .executeTakeFirstOrThrow();
      const facts = {
        invitationId: row.invitationId,
        teamName: team.teamName,
        inviter: me?.nickName || caller.userName,
      };
      const text = renderInvitation('zh_CN', facts);
      const notice = await trx
        .insertInto('sysNotice')
        .values({
          noticeTitle: text.title.slice(0, 255),
          noticeContent: text.content,
          noticeKey: INVITATION_NOTICE,
          noticeArgs: JSON.stringify(facts),
          noticeType: '1',
          status: '0',
          groupName: 'artificial',
          projectId: null,
          receiverId: userId,
          src: null,
          isRead: 0,
          createBy: caller.userName,
          createTime: now,
        })
        .returning('noticeId')
        .executeTakeFirstOrThrow();
      notices.push({ userId, noticeId: notice.noticeId, facts });
      result.invited += 1;
    }
  });
  const inviter = me?.nickName || caller.userName;
  for (const userId of addedIds) {
    await sendKeyedNotice(
      { db, hub },
      userId,
      { title: 'team.added.title', content: 'team.added.content', args: [inviter, team.teamName] },
      { groupName: 'artificial', projectId: null, src: null },
    );
  }
  if (addedIds.length > 0) await hub.send(addedIds, 'teamsChanged', { teamId });
  const langs = await readerLangs(
    db,
    notices.map((n) => n.userId),
  );
  for (const n of notices) {
    const text = renderInvitation(langs.get(n.userId) ?? 'zh_CN', n.facts);
    await hub.send(
      [n.userId],
      'notice',
      noticeFrame({
        noticeId: n.noticeId,
        title: text.title,
        content: text.content,
        groupName: 'artificial',
        projectId: null,
        receiverId: n.userId,
        src: null,
        createTime: now,
        createBy: caller.userName,
      }),
    );
  }
  return result;
}

/** The invited person's pending invitations, newest first. */
export async function pendingInvitations(db: Db, userId: number) {
  return db
    .selectFrom('sysTeamInvitation as i')
    .innerJoin('sysTeam as t', 't.teamId', 'i.teamId')
    .leftJoin('sysUser as u', 'u.userId', 'i.invitedById')
    .select(['i.invitationId', 'i.teamId', 't.teamName', 'u.nickName as inviterName', 'i.createTime'])
    .where('i.userId', '=', userId)
    .where('i.state', '=', 'pending')
    .where('t.isDel', '=', 0)
    .orderBy('i.invitationId', 'desc')
    .execute();
}

export async function invitationState(db: Db, invitationId: number, userId: number) {
  const row = await db
    .selectFrom('sysTeamInvitation')
    .select(['invitationId', 'state'])
    .where('invitationId', '=', invitationId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row ?? null;
}

/** Someone in no team yet (or whose team was deleted) stands in the one they just joined. */
async function standInTeamIfNone(db: Db, userId: number, teamId: number): Promise<void> {
  await db
    .updateTable('sysUserConfig')
    .set({ currentTeamId: teamId, currentProjectId: 0 })
    .where('userId', '=', userId)
    .where((eb) =>
      eb.or([
        eb('currentTeamId', 'is', null),
        eb('currentTeamId', '=', 0),
        eb.not(
          eb.exists(
            eb
              .selectFrom('sysTeam as t')
              .select('t.teamId')
              .whereRef('t.teamId', '=', 'sysUserConfig.currentTeamId')
              .where('t.isDel', '=', 0),
          ),
        ),
      ]),
    )
    .execute();
}

/**
 * Accepting makes the person a member with the roles they were invited with; declining ends it.
 * Their open pages hear of a team joined.
 */
export async function answerInvitation(
  db: Db,
  hub: Hub,
  userId: number,
  invitationId: number,
  isAccepted: boolean,
) {
  const invitation = await db
    .selectFrom('sysTeamInvitation as i')
    .innerJoin('sysTeam as t', 't.teamId', 'i.teamId')
    .selectAll('i')
    .where('i.invitationId', '=', invitationId)
    .where('i.userId', '=', userId)
    .where('t.isDel', '=', 0)
    .executeTakeFirst();
  if (!invitation) throw new AppError('team.invitation.not-found');
  if (invitation.state !== 'pending')
    throw new AppError(
      invitation.state === 'accepted'
        ? 'team.invitation.already-accepted'
        : 'team.invitation.already-declined',
    );
  const now = formatDateTime();
  await db.transaction().execute(async (trx) => {
    if (isAccepted && !(await findMembership(trx, invitation.teamId, userId))) {
      await insertMembership(trx, invitation.teamId, userId, JSON.parse(invitation.roleIds) as number[], now);
      await ensureUserConfig(trx, userId);
      await standInTeamIfNone(trx, userId, invitation.teamId);
    }
    await trx
      .updateTable('sysTeamInvitation')
      .set({ state: isAccepted ? 'accepted' : 'declined', answerTime: now })
      .where('invitationId', '=', invitationId)
      .execute();
  });
  if (isAccepted) await hub.send([userId], 'teamsChanged', { teamId: invitation.teamId });
  return invitation.teamId;
}
