import { ROLE_IDS } from '@buglet/contracts';
import type { Db } from '../src/db/connect.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { formatDateTime } from '../src/lib/time.ts';

let seq = 0;

/** Inserts a real user (default platform role unless told otherwise) and returns its id. */
export async function insertTestUser(
  db: Db,
  over: { userName?: string; password?: string; roleIds?: number[]; status?: string; email?: string } = {},
): Promise<{ userId: number; userName: string; password: string }> {
  seq += 1;
  const userName = over.userName ?? `user${seq}_${Date.now() % 100000}`;
  const password = over.password ?? 'secret1';
  const row = await db
    .insertInto('sysUser')
    .values({
      deptId: null,
      userName,
      nickName: `Nick ${seq}`,
      userType: '00',
      email: over.email ?? null,
      phoneNumber: `139${String(Date.now()).slice(-5)}${String(seq).padStart(3, '0')}`,
      sex: '2',
      avatar: null,
      password: await hashPassword(password, 4),
      status: over.status ?? '0',
      delFlag: '0',
      loginIp: null,
      loginDate: null,
      createBy: 'test',
      createTime: formatDateTime(),
      updateBy: null,
      updateTime: null,
      remark: null,
      dingUserId: null,
      wechatUserId: null,
    })
    .returning('userId')
    .executeTakeFirstOrThrow();
  for (const roleId of over.roleIds ?? [ROLE_IDS.default]) {
    await db.insertInto('sysUserRole').values({ userId: row.userId, roleId }).execute();
  }
  return { userId: row.userId, userName, password };
}

/** A live team with the given members (user id → team role ids); returns its id. */
export async function insertTestTeam(
  db: Db,
  members: Record<number, number[]>,
  name?: string,
): Promise<number> {
  seq += 1;
  const now = formatDateTime();
  const team = await db
    .insertInto('sysTeam')
    .values({
      teamName: name ?? `Team ${seq}_${Date.now() % 100000}`,
      teamIcon: '/profile/upload/2026/01/01/icon.png',
      introduce: null,
      isDel: 0,
      createBy: 'test',
      createById: null,
      createTime: now,
      updateBy: null,
      updateTime: now,
    })
    .returning('teamId')
    .executeTakeFirstOrThrow();
  for (const [userId, roleIds] of Object.entries(members)) {
    const m = await db
      .insertInto('sysUserTeam')
      .values({ teamId: team.teamId, userId: Number(userId), isLock: 0, createTime: now })
      .returning('userTeamId')
      .executeTakeFirstOrThrow();
    for (const roleId of roleIds)
      await db.insertInto('sysUserTeamRole').values({ userTeamId: m.userTeamId, roleId }).execute();
  }
  return team.teamId;
}

/** A working project in a team with the given members (user id → project role ids). */
export async function insertTestProject(
  db: Db,
  teamId: number,
  members: Record<number, number[]>,
  over: { name?: string; createTime?: string } = {},
): Promise<number> {
  seq += 1;
  const now = over.createTime ?? formatDateTime();
  const project = await db
    .insertInto('sysProject')
    .values({
      projectName: over.name ?? `Project ${seq}`,
      projectIcon: 'project-icon-1',
      projectIntroduce: null,
      teamId,
      projectState: 1,
      isArchived: 0,
      createBy: 'test',
      createById: null,
      createTime: now,
      updateBy: null,
      updateTime: now,
    })
    .returning('projectId')
    .executeTakeFirstOrThrow();
  for (const [userId, roleIds] of Object.entries(members)) {
    const m = await db
      .insertInto('sysUserProject')
      .values({ projectId: project.projectId, userId: Number(userId), createTime: now })
      .returning('userProjectId')
      .executeTakeFirstOrThrow();
    for (const roleId of roleIds) {
      await db.insertInto('sysUserProjectRole').values({ userProjectId: m.userProjectId, roleId }).execute();
    }
  }
  return project.projectId;
}

/** A deliverable (module) at the root of a project; returns its id. */
export async function insertTestModule(db: Db, projectId: number, name = 'Shop'): Promise<number> {
  const now = formatDateTime();
  const row = await db
    .insertInto('sysModule')
    .values({ modulePid: 0, moduleName: name, remark: null, projectId, createTime: now, updateTime: now })
    .returning('moduleId')
    .executeTakeFirstOrThrow();
  return row.moduleId;
}

/** A test case of a project under the given deliverable; returns its id. */
export async function insertTestCase(db: Db, projectId: number, moduleId: number): Promise<number> {
  seq += 1;
  const now = formatDateTime();
  const row = await db
    .insertInto('sysCase')
    .values({
      projectId,
      caseNum: seq,
      caseName: `Case ${seq}`,
      moduleId,
      caseType: null,
      caseLevel: 3,
      casePreconditions: null,
      caseExpect: 'It works',
      caseStep: '[]',
      caseState: 'untested',
      remark: null,
      imgUrls: null,
      createBy: 'test',
      createById: null,
      createTime: now,
      updateTime: now,
    })
    .returning('caseId')
    .executeTakeFirstOrThrow();
  return row.caseId;
}

/** SMTP settings as the administrator saves them (PUT /system/notice/mail-config); nothing listens there. */
export const SMTP_SETTINGS = {
  host: 'smtp.example.com',
  port: 25,
  secure: false,
  user: 'bot',
  password: 'P',
  from: 'b@x.y',
};
