import type {
  AjaxResult,
  CaptchaResponse,
  LoginBody,
  LoginResponse,
  RegisterBody,
  RouterRecord,
  User,
  UserConfig,
} from '@buglet/contracts';
import { LIMITS } from '@buglet/contracts';
import { http, request } from '../../lib/http.ts';

export interface InfoResponse {
  code: number;
  msg: string;
  user: User;
  roles: string[];
  permissions: string[];
  config: UserConfig | null;
  isDefaultModifyPwd?: boolean;
}

export const getCaptcha = () =>
  request<CaptchaResponse>({ url: '/captchaImage', isToken: false, timeout: LIMITS.captchaTimeoutMs });

export const login = (body: LoginBody) =>
  request<LoginResponse>({ url: '/login', method: 'POST', data: body, isToken: false, repeatSubmit: false });

export const register = (body: RegisterBody) =>
  request<AjaxResult>({ url: '/register', method: 'POST', data: body, isToken: false });

export const getInfo = () => http.get<InfoResponse>('/getInfo');

export const getRouters = () => http.get<AjaxResult<RouterRecord[]>>('/getRouters');

export const logout = () => request<AjaxResult>({ url: '/logout', method: 'POST', repeatSubmit: false });

export const updatePassword = (oldPassword: string, newPassword: string) =>
  http.put('/system/user/profile/updatePwd', { oldPassword, newPassword });
