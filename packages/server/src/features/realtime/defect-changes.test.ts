import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProject, insertTestTeam } from '../../../test/factories.ts';
import { listeningAddress, socketOf } from '../../../test/sockets.ts';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from '../../../test/test-app.ts';
import { until } from '../../../test/until.ts';

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let lead: Person;
let watcher: Person;
let outsider: Person;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t);
  [lead, watcher, outsider] = [await t.signedIn(), await t.signedIn(), await t.signedIn()];
  const team = await insertTestTeam(t.db, {
    [lead.userId]: [5],
    [watcher.userId]: [5],
    [outsider.userId]: [5],
  });
  projectId = await insertTestProject(t.db, team, { [lead.userId]: [11], [watcher.userId]: [7] });
  await insertTestProject(t.db, team, { [outsider.userId]: [11] });
});
afterAll(async () => t.close());

describe('defectChanged', () => {
  it("tells the project's open pages that defects changed, a bulk change in one frame, and no one else", async () => {
    const base = await listeningAddress(t);
    const watching = await socketOf(base, watcher);
    const elsewhere = await socketOf(base, outsider);
    const ids: number[] = [];
    for (const name of ['One', 'Two'])
      ids.push(
        (await api(lead, 'POST', '/system/defect', { projectId, defectName: name, handleBy: [lead.userId] }))
          .data.defectId,
      );
    await until(() => watching.frames.some((f) => f.action === 'defectChanged'));
    const changed = () =>
      watching.frames
        .filter((f) => f.action === 'defectChanged')
        .flatMap((f) => f.data.defectIds as number[]);
    await until(() => changed().length === 2);
    expect(watching.frames.find((f) => f.action === 'defectChanged')).toMatchObject({ data: { projectId } });

    const before = watching.frames.length;
    await api(lead, 'POST', '/system/defect/bulk', {
      projectId,
      action: 'level',
      defectLevel: 'urgent',
      defectIds: ids,
    });
    await until(() => watching.frames.length > before);
    // Give a second frame the time it would take to come; the two changes came as one.
    await new Promise((resolve) => setTimeout(resolve, 150));
    const bulk = watching.frames.slice(before).filter((f) => f.action === 'defectChanged');
    expect(bulk).toHaveLength(1);
    expect([...((bulk[0] as Json).data.defectIds as number[])].sort()).toEqual([...ids].sort());
    expect(elsewhere.frames.some((f) => f.action === 'defectChanged')).toBe(false);
    watching.close();
    elsewhere.close();
  });
});
