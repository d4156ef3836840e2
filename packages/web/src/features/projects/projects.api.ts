import type {
  AjaxResult,
  LockedProjectRow,
  Member,
  MemberSummary,
  Project,
  ProjectTab,
  RoleSummary,
  TableData,
} from '@buglet/contracts';
import { http, request } from '../../lib/http.ts';
import type { QueryObject } from '../../lib/query-string.ts';

/** Project role ids the server seeds: the creator is fixed; developer is what new members get. */
export const PROJECT_ROLE = { creator: 11, admin: 6, developer: 7, tester: 8, outsider: 9 } as const;

export interface ProjectListQuery extends QueryObject {
  teamId: number;
  pageNum: number;
  pageSize: number;
  projectName?: string;
  params: { tab: ProjectTab };
}

export interface ProjectBody {
  projectId?: number;
  teamId?: number;
  projectName: string;
  projectIcon: string;
  projectIntroduce?: string | null;
  members?: { userId: number; roleIds: number[] }[];
}

export const projectKeys = {
  all: ['projects'] as const,
  list: (query: QueryObject) => ['projects', 'list', query] as const,
  detail: (projectId: number) => ['projects', 'detail', projectId] as const,
  roles: ['projects', 'roles'] as const,
  members: (projectId: number, query: QueryObject) => ['projects', 'members', projectId, query] as const,
  notMembers: (projectId: number, search: string) => ['projects', 'not-members', projectId, search] as const,
  adminList: (query: QueryObject) => ['projects', 'admin-list', query] as const,
};

/** Every project of the platform, with its lock (the administrator's list, 1.0 §13.8). */
export const listAllProjects = (query: QueryObject) =>
  http.get<TableData<LockedProjectRow>>('/admin/project/list', query);
export const lockProject = (projectId: number, isLock: 0 | 1, lockRemark: string) =>
  http.put(`/admin/project/${projectId}/lock`, { isLock, lockRemark });

export const listProjects = (query: ProjectListQuery) =>
  http.get<TableData<Project>>('/system/project/list', query);
export const getProject = (projectId: number) =>
  http.get<AjaxResult<Project>>(`/system/project/${projectId}`);
/** The project roles are the same for every project; like the original's client we ask with id 0. */
export const listProjectRoles = () => http.get<TableData<RoleSummary>>('/system/project/0/role');
export const createProject = (body: ProjectBody) =>
  http.post<AjaxResult<{ projectId: number }>>('/system/project', body);
export const updateProject = (body: ProjectBody) => http.put('/system/project', body);
export const collectProject = (projectId: number, collect: boolean) =>
  http.post(`/system/project/${projectId}/collect`, { collect });
export const archiveProject = (projectId: number) => http.post(`/system/project/${projectId}/archive`);
export const restoreProject = (projectId: number) => http.post(`/system/project/${projectId}/restore`);
export const deleteProject = (projectId: number, password: string) =>
  request({ url: `/system/project/${projectId}`, method: 'DELETE', data: { password } });

export const listProjectMembers = (projectId: number, query: QueryObject) =>
  http.get<TableData<Member>>(`/system/project/${projectId}/member`, query);
export const listProjectNotMembers = (projectId: number, search: string) =>
  http.get<TableData<MemberSummary>>(`/system/project/${projectId}/not-member`, { params: { search } });
export const addProjectMembers = (projectId: number, memberIds: number[], roleIds: number[]) =>
  http.post(`/system/project/${projectId}/member`, { memberIds, roleIds });
export const updateProjectMemberRoles = (projectId: number, memberId: number, roleIds: number[]) =>
  http.put(`/system/project/${projectId}/member/${memberId}/role`, roleIds);
export const removeProjectMember = (projectId: number, memberId: number) =>
  http.delete(`/system/project/${projectId}/member/${memberId}`);
