import type { AjaxResult, Post, RoleSummary, TableData, User } from '@buglet/contracts';
import { downloadFile } from '../../lib/download.ts';
import { http } from '../../lib/http.ts';
import { importWorkbook } from '../../lib/import-file.ts';
import type { QueryObject } from '../../lib/query-string.ts';

export interface UserFormResponse extends AjaxResult<User> {
  roles: RoleSummary[];
  roleIds?: number[];
  /** Every post, to choose from; the user's own are `postIds`. */
  posts: Post[];
  postIds?: number[];
}

export interface UserBody {
  userId?: number;
  userName?: string;
  nickName: string;
  phoneNumber: string;
  email: string;
  password?: string;
  sex?: string;
  status?: string;
  roleIds?: number[];
  deptId?: number | null;
  postIds?: number[];
  remark?: string;
}

export interface AuthRoleResponse extends AjaxResult {
  user: User;
  roles: RoleSummary[];
}

export const userKeys = {
  all: ['users'] as const,
  list: (query: QueryObject) => ['users', 'list', query] as const,
  form: (userId?: number) => ['users', 'form', userId ?? 'new'] as const,
  authRole: (userId: number) => ['users', 'auth-role', userId] as const,
};

export const listUsers = (query: QueryObject) => http.get<TableData<User>>('/system/user/list', query);
export const getUserForm = (userId?: number) =>
  http.get<UserFormResponse>(userId === undefined ? '/system/user/' : `/system/user/${userId}`);
export const addUser = (body: UserBody) => http.post('/system/user', body);
export const updateUser = (body: UserBody) => http.put('/system/user', body);
export const deleteUsers = (ids: readonly number[]) => http.delete(`/system/user/${ids.join(',')}`);
export const resetUserPassword = (userId: number, password: string) =>
  http.put('/system/user/resetPwd', { userId, password });
/** Turns the person's two-factor sign-in off (they lost their phone and their recovery codes). */
export const resetUserTotp = (userId: number) => http.put('/system/user/resetTotp', { userId });
export const changeUserStatus = (userId: number, status: string) =>
  http.put('/system/user/changeStatus', { userId, status });
export const getAuthRole = (userId: number) => http.get<AuthRoleResponse>(`/system/user/authRole/${userId}`);
export const updateAuthRole = (userId: number, roleIds: readonly number[]) =>
  http.put('/system/user/authRole', undefined, { userId, roleIds: roleIds.join(',') });

/** The empty sheet with the departments, sexes and statuses as drop-downs. */
export const downloadUserTemplate = (fileName: string) =>
  downloadFile({ url: '/system/user/importTemplate' }, fileName);
/** All or nothing; with `isUpdateSupported`, rows naming an existing account update it. */
export const importUsers = (file: File, isUpdateSupported: boolean) =>
  importWorkbook('/system/user/importData', { updateSupport: String(isUpdateSupported) }, file);
