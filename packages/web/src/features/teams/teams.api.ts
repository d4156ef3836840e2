import type { AjaxResult, Member, MemberSummary, RoleSummary, TableData, Team } from '@buglet/contracts';
import { http, request } from '../../lib/http.ts';
import type { QueryObject } from '../../lib/query-string.ts';

/** Role ids the server seeds for teams; the creator role is fixed and never offered in a picker. */
export const TEAM_CREATOR_ROLE_ID = 12;

export interface TeamBody {
  teamId?: number;
  teamName: string;
  teamIcon: string;
  introduce?: string | null;
}

export interface TeamMemberBody {
  nickName: string;
  userName: string;
  password: string;
  phoneNumber: string;
  email: string;
  sex?: string;
  remark?: string;
  roleIds: number[];
}

export const teamKeys = {
  all: ['teams'] as const,
  my: ['teams', 'my'] as const,
  detail: (teamId: number) => ['teams', 'detail', teamId] as const,
  roles: (teamId: number) => ['teams', 'roles', teamId] as const,
  members: (teamId: number, query: QueryObject) => ['teams', 'members', teamId, query] as const,
  notMembers: (teamId: number, search: string) => ['teams', 'not-members', teamId, search] as const,
  adminList: (query: QueryObject) => ['teams', 'admin-list', query] as const,
};

/** The administrator's lock of a team, with the reason (1.0 §13.8). */
export const lockTeam = (teamId: number, isLock: 0 | 1, lockRemark: string) =>
  http.put(`/admin/team/${teamId}/lock`, { isLock, lockRemark });
export const listMyTeams = () => http.get<TableData<Team>>('/system/team/my');
/** Every team (the platform administrator's list; anyone else sees their own). */
export const listTeams = (query: QueryObject) => http.get<TableData<Team>>('/system/team/list', query);
export const getTeam = (teamId: number) => http.get<AjaxResult<Team>>(`/system/team/${teamId}`);
export const listTeamRoles = (teamId: number) =>
  http.get<AjaxResult<RoleSummary[]>>(`/system/team/${teamId}/role`);
export const listTeamMembers = (teamId: number, query: QueryObject) =>
  http.get<TableData<Member>>(`/system/team/${teamId}/member`, query);
export const listTeamNotMembers = (teamId: number, search: string) =>
  http.get<TableData<MemberSummary>>(`/system/team/${teamId}/not-member`, { params: { search } });

export const createTeam = (body: TeamBody) => http.post<AjaxResult<Team>>('/system/team', body);
export const updateTeam = (body: TeamBody) => http.put('/system/team', body);
export const deleteTeam = (teamId: number, password: string) => deleteTeams([teamId], password);
/** Several teams at once: all of them go, or none. */
export const deleteTeams = (teamIds: number[], password: string) =>
  request({ url: `/system/team/${teamIds.join(',')}`, method: 'DELETE', data: { password } });

export const inviteMembers = (teamId: number, memberIds: number[], roleIds: number[]) =>
  http.post(`/system/team/${teamId}/invite`, { memberIds, roleIds });
export const createTeamMember = (teamId: number, body: TeamMemberBody) =>
  http.post(`/system/team/${teamId}/member`, body);
export const lockTeamMember = (teamId: number, memberId: number, isLocked: boolean) =>
  http.put(`/system/team/${teamId}/member/${memberId}/role`, { teamLock: isLocked ? 1 : 0 });
export const updateTeamMemberRoles = (teamId: number, memberId: number, roleIds: number[]) =>
  http.put(`/system/team/${teamId}/member/${memberId}/roles`, roleIds);
/** The initial password an administrator hands out to new members (the value comes back in `msg`). */
