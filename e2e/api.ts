/** What the e2e files need from the API to set a scene before driving the browser. */

export interface Envelope {
  code: number;
  msg: string;
  token?: string;
  fileName?: string;
  data?: unknown;
  userId?: number;
  /** List answers: the page's rows, and the number of rows in all pages. */
  rows?: unknown[];
  total?: number;
}

/** Role ids the server seeds (contracts ROLE_IDS): team member, project developer, project tester. */
export const ROLE = { teamDefault: 5, developer: 7, tester: 8 };

/** The smallest valid PNG (1×1), enough for the team icon the API requires. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export interface Person {
  nickName: string;
  userName: string;
  password: string;
  phoneNumber: string;
}
/** A lead's team with a tester and a developer in a project: their tokens and ids. */
export interface TeamScene {
  lead: string;
  tester: string;
  developer: string;
  teamId: number;
  projectId: number;
  testerId: number;
  developerId: number;
}
export interface Lead {
  username: string;
  password: string;
  phoneNumber: string;
  nickName: string;
}

let people = 0;

/**
 * Someone new, to register or to be created by a lead: an account and a phone number no other
 * test of this run has used, so a test (and its retry) sets up its own people.
 */
export function newPerson(name: string): Lead & Person {
  people += 1;
  const tag = `${process.pid % 1000}${people}`;
  const userName = `${name
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .slice(0, 12)}${tag}`;
  return {
    username: userName,
    userName,
    password: `pass-${tag}`,
    phoneNumber: `139${String(process.pid * 1000 + people)
      .padStart(8, '0')
      .slice(-8)}`,
    nickName: `${name} ${tag}`,
  };
}

export function apiClient(baseUrl: string) {
  async function api(token: string, method: string, path: string, body?: unknown): Promise<Envelope> {
    const isForm = body instanceof FormData;
    const res = await fetch(`${baseUrl}/prod-api${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(isForm || body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: isForm ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as Envelope;
    if (json.code !== 200) throw new Error(`${method} ${path}: ${json.code} ${json.msg}`);
    return json;
  }

  async function apiLogin(username: string, password: string): Promise<string> {
    return (await api('', 'POST', '/login', { username, password })).token ?? '';
  }

  /**
   * A person registered on their own with a team and an empty project of which they are the only
   * member, set as their current one: signed in, ready for the page under test.
   */
  async function seedOwnProject(
    person: Lead,
    names: { teamName: string; projectName: string },
  ): Promise<{ token: string; userId: number; teamId: number; projectId: number }> {
    await api('', 'POST', '/register', { ...person, confirmPassword: person.password });
    const token = await apiLogin(person.username, person.password);
    const userId = ((await api(token, 'GET', '/getInfo')) as { user?: { userId: number } }).user?.userId ?? 0;
    const teamId = await createTeam(token, names.teamName);
    const project = await api(token, 'POST', '/system/project', {
      teamId,
      projectName: names.projectName,
      members: [],
    });
    const projectId = (project.data as { projectId: number }).projectId;
    await api(token, 'PUT', '/system/user-config', { currentTeamId: teamId, currentProjectId: projectId });
    return { token, userId, teamId, projectId };
  }

  /** A team of the token's owner, with the icon the API requires; returns its id. */
  async function createTeam(token: string, teamName: string): Promise<number> {
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'icon.png');
    const icon = await api(token, 'POST', '/common/upload', form);
    const team = await api(token, 'POST', '/system/team', { teamName, teamIcon: icon.fileName });
    return (team.data as { teamId: number }).teamId;
  }

  /**
   * A member the lead creates in the team (as the team's member page does), still on the
   * password the lead chose; returns their id.
   */
  async function createMember(lead: string, teamId: number, person: Person): Promise<number> {
    const { nickName, userName, password, phoneNumber } = person;
    const res = await api(lead, 'POST', `/system/team/${teamId}/member`, {
      nickName,
      userName,
      password,
      phoneNumber,
      email: `${person.userName}@example.com`,
      roleIds: [ROLE.teamDefault],
    });
    return Number((res.data as { userId: number } | undefined)?.userId ?? res.userId);
  }

  /**
   * A lead of their own (not the administrator: other files expect the administrator without
   * teams), a team with a tester and a developer, and a project they all work in.
   */
  async function seedTeamProject(scene: {
    lead: Lead;
    tester: Person;
    developer: Person;
    teamName: string;
    projectName: string;
  }): Promise<TeamScene> {
    await api('', 'POST', '/register', { ...scene.lead, confirmPassword: scene.lead.password });
    const lead = await apiLogin(scene.lead.username, scene.lead.password);
    const teamId = await createTeam(lead, scene.teamName);
    const ids: number[] = [];
    for (const person of [scene.tester, scene.developer]) {
      // The lead chooses a first password, which the member replaces with their own at once
      // (a password someone else chose opens nothing else): the scene's people use their own.
      ids.push(await createMember(lead, teamId, { ...person, password: `${person.password}-1st` }));
      const first = await apiLogin(person.userName, `${person.password}-1st`);
      await api(first, 'PUT', '/system/user/profile/updatePwd', {
        oldPassword: `${person.password}-1st`,
        newPassword: person.password,
      });
    }
    const project = await api(lead, 'POST', '/system/project', {
      teamId,
      projectName: scene.projectName,
      members: [
        { userId: ids[0], roleIds: [ROLE.tester] },
        { userId: ids[1], roleIds: [ROLE.developer] },
      ],
    });
    const projectId = (project.data as { projectId: number }).projectId;
    const [tester = '', developer = ''] = await Promise.all(
      [scene.tester, scene.developer].map((person) => apiLogin(person.userName, person.password)),
    );
    const team = {
      lead,
      tester,
      developer,
      teamId,
      projectId,
      testerId: ids[0] ?? 0,
      developerId: ids[1] ?? 0,
    };
    await setCurrentProject(team, projectId);
    return team;
  }

  /** Another project of the scene's team with its tester and developer, now current for both. */
  async function addTeamProject(team: TeamScene, projectName: string): Promise<number> {
    const project = await api(team.lead, 'POST', '/system/project', {
      teamId: team.teamId,
      projectName,
      members: [
        { userId: team.testerId, roleIds: [ROLE.tester] },
        { userId: team.developerId, roleIds: [ROLE.developer] },
      ],
    });
    const projectId = (project.data as { projectId: number }).projectId;
    await setCurrentProject(team, projectId);
    return projectId;
  }

  async function setCurrentProject(team: TeamScene, projectId: number): Promise<void> {
    for (const token of [team.tester, team.developer])
      await api(token, 'PUT', '/system/user-config', {
        currentTeamId: team.teamId,
        currentProjectId: projectId,
      });
  }

  return { api, apiLogin, addTeamProject, createTeam, createMember, seedOwnProject, seedTeamProject };
}
