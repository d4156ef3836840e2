import { describe, expect, it } from 'vitest';
import { api, scene, setUpMatrixScene, t, who } from '../../test/matrix-scene.ts';
import type { Person } from '../../test/test-app.ts';
import { formatDateTime } from '../lib/time.ts';
import {
  findAiConfigProjectIds,
  findCaseProjectIds,
  findCommentProjectIds,
  findDefectLogProjectIds,
  findDefectProjectIds,
  findDocumentProjectIds,
  findModuleProjectIds,
  findProjectApiProjectIds,
  findProjectMembership,
  findReportProjectIds,
  findReportTemplateProjectIds,
  findTeamMembership,
  findWebhookProjectIds,
} from './scope.repository.ts';

/*
 * Where the scope check finds an item's project and a person's membership, read directly on the
 * authorisation matrix's scene: each item of team A's project answers that project, a missing or
 * deleted one answers nothing (so the check refuses), and a membership is read as it stands.
 */

setUpMatrixScene();

const MISSING = 987_654;
const id = (name: string) => (who[name] as Person).userId;

describe('memberships', () => {
  it('reads a team member, a locked one and a stranger', async () => {
    expect(await findTeamMembership(t.db, scene.teamA, id('owner'))).toMatchObject({
      teamId: scene.teamA,
      isLock: 0,
      userTeamId: expect.any(Number),
    });
    expect(await findTeamMembership(t.db, scene.teamA, id('locked'))).toMatchObject({ isLock: 1 });
    expect(await findTeamMembership(t.db, scene.teamA, id('otherTeam'))).toMatchObject({
      teamId: scene.teamA,
      userTeamId: null,
    });
    expect(await findTeamMembership(t.db, MISSING, id('owner'))).toBeUndefined();
  });

  it('reads a project member, a team member outside the project and a stranger', async () => {
    expect(await findProjectMembership(t.db, scene.projectA, id('owner'))).toMatchObject({
      projectId: scene.projectA,
      teamId: scene.teamA,
      userProjectId: expect.any(Number),
      userTeamId: expect.any(Number),
    });
    expect(await findProjectMembership(t.db, scene.projectA, id('projectOutsider'))).toMatchObject({
      userProjectId: null,
      userTeamId: expect.any(Number),
    });
    expect(await findProjectMembership(t.db, scene.projectA, id('otherTeam'))).toMatchObject({
      userProjectId: null,
      userTeamId: null,
    });
    expect(await findProjectMembership(t.db, MISSING, id('owner'))).toBeUndefined();
  });

  it('finds nothing in a deleted team, nor a project no longer working', async () => {
    const member = id('otherTeam');
    await t.db.updateTable('sysTeam').set({ isDel: 1 }).where('teamId', '=', scene.teamB).execute();
    expect(await findTeamMembership(t.db, scene.teamB, member)).toBeUndefined();
    expect(await findProjectMembership(t.db, scene.projectB, member)).toBeUndefined();
    await t.db.updateTable('sysTeam').set({ isDel: 0 }).where('teamId', '=', scene.teamB).execute();
    expect(await findProjectMembership(t.db, scene.projectB, member)).toBeDefined();
    await t.db
      .updateTable('sysProject')
      .set({ projectState: 2 })
      .where('projectId', '=', scene.projectB)
      .execute();
    expect(await findProjectMembership(t.db, scene.projectB, member)).toBeUndefined();
    expect(await findTeamMembership(t.db, scene.teamB, member)).toBeDefined();
  });
});

describe("an item's project", () => {
  it('is found for each kind of item by id, and nothing for a missing one', async () => {
    const owner = who.owner as Person;
    const key = await api(owner, 'POST', '/system/api', { projectId: scene.projectA, apiName: 'scope' });
    expect(key.code, key.msg).toBe(200);
    const webhook = await t.db
      .insertInto('sysProjectWebhook')
      .values({
        projectId: scene.projectA,
        webhookUrl: 'https://hooks.example.com/a',
        secret: null,
        events: null,
        enabled: 1,
        remark: null,
        createById: owner.userId,
        createTime: formatDateTime(),
      })
      .returning('webhookId')
      .executeTakeFirstOrThrow();
    const comment = await t.db
      .selectFrom('sysComment')
      .select('commentId')
      .where('correlationId', '=', scene.logId)
      .executeTakeFirstOrThrow();
    const finders: [string, (ids: number[]) => Promise<number[]>, number][] = [
      ['defect', (ids) => findDefectProjectIds(t.db, ids), scene.defect],
      ['history entry', (ids) => findDefectLogProjectIds(t.db, ids), scene.logId],
      ['comment', (ids) => findCommentProjectIds(t.db, ids), comment.commentId],
      ['deliverable', (ids) => findModuleProjectIds(t.db, ids), scene.moduleId],
      ['case', (ids) => findCaseProjectIds(t.db, ids), scene.caseId],
      ['report', (ids) => findReportProjectIds(t.db, ids), scene.reportId],
      ['template', (ids) => findReportTemplateProjectIds(t.db, ids), scene.templateId],
      ['document', (ids) => findDocumentProjectIds(t.db, ids), scene.docId],
      ['webhook', (ids) => findWebhookProjectIds(t.db, ids), webhook.webhookId],
      ['AI setting', (ids) => findAiConfigProjectIds(t.db, ids), scene.aiId],
    ];
    for (const [kind, find, itemId] of finders) {
      expect(await find([itemId, MISSING]), kind).toEqual([scene.projectA]);
      expect(await find([MISSING]), kind).toEqual([]);
    }
    // An API key is named by its public id, the first 18 characters of the key.
    expect(await findProjectApiProjectIds(t.db, [key.data.apiKey.slice(0, 18), 'missing'])).toEqual([
      scene.projectA,
    ]);
    expect(await findProjectApiProjectIds(t.db, ['missing'])).toEqual([]);
  });

  it('is nothing for a shop template, nor for a template of no project', async () => {
    const shop = await t.db
      .selectFrom('sysReportTemplate')
      .select('templateId')
      .where('isShop', '=', 1)
      .executeTakeFirstOrThrow();
    expect(await findReportTemplateProjectIds(t.db, [shop.templateId])).toEqual([]);
    // Not even one a project's id was written on.
    await t.db
      .updateTable('sysReportTemplate')
      .set({ projectId: scene.projectA })
      .where('templateId', '=', shop.templateId)
      .execute();
    expect(await findReportTemplateProjectIds(t.db, [shop.templateId])).toEqual([]);
    await t.db
      .updateTable('sysReportTemplate')
      .set({ projectId: null })
      .where('templateId', '=', scene.templateId)
      .execute();
    expect(await findReportTemplateProjectIds(t.db, [scene.templateId])).toEqual([]);
  });

  it('is nothing for a deleted defect, its history or its comments', async () => {
    const comment = await t.db
      .selectFrom('sysComment')
      .select(['commentId', 'moduleType'])
      .where('correlationId', '=', scene.logId)
      .executeTakeFirstOrThrow();
    // A comment on something else than a defect's history is not a defect's.
    await t.db
      .updateTable('sysComment')
      .set({ moduleType: 'case' })
      .where('commentId', '=', comment.commentId)
      .execute();
    expect(await findCommentProjectIds(t.db, [comment.commentId])).toEqual([]);
    await t.db
      .updateTable('sysComment')
      .set({ moduleType: comment.moduleType })
      .where('commentId', '=', comment.commentId)
      .execute();
    await t.db.updateTable('sysDefect').set({ isDeleted: 1 }).where('defectId', '=', scene.defect).execute();
    expect(await findDefectProjectIds(t.db, [scene.defect])).toEqual([]);
    expect(await findDefectLogProjectIds(t.db, [scene.logId])).toEqual([]);
    expect(await findCommentProjectIds(t.db, [comment.commentId])).toEqual([]);
  });
});
