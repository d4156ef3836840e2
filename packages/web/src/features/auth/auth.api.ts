import type {
  AjaxResult,
  CaptchaResponse,
  LoginBody,
  LoginResponse,
  LoginTotpBody,
  LoginTwoFactorResponse,
  RegisterBody,
  RouterRecord,
  RouterRecordOnWire,
  User,
  UserConfig,
} from '@buglet/contracts';
import { LIMITS } from '@buglet/contracts/limits';
import { ownRouterRecord } from '@buglet/contracts/router-record';
import { type HttpError, handleEnvelope, http, request, send } from '../../lib/http.ts';

export interface InfoResponse {
  code: number;
  msg: string;
  user: User;
  roles: string[];
  permissions: string[];
  config: UserConfig | null;
  isDefaultModifyPwd?: boolean;
  isPasswordChangeRequired?: boolean;
}

export const getCaptcha = () =>
  request<CaptchaResponse>({ url: '/captchaImage', isToken: false, timeout: LIMITS.captchaTimeoutMs });

/** A token, or for an account with two-factor sign-in, `twoFactor` and the ticket for the code step. */
export const login = (body: LoginBody) =>
  request<LoginResponse | LoginTwoFactorResponse>({
    url: '/login',
    method: 'POST',
    data: body,
    isToken: false,
    repeatSubmit: false,
  });

/** The code step; a refusal after which the ticket is gone carries `isTicketExpired`. */
export async function loginTotp(body: LoginTotpBody): Promise<LoginResponse> {
  const response = await send({
    url: '/login/totp',
    method: 'POST',
    data: body,
    isToken: false,
    repeatSubmit: false,
  });
  const json = (await response.json()) as AjaxResult & { ticketExpired?: boolean };
  try {
    return handleEnvelope<LoginResponse>(json);
  } catch (error) {
    throw Object.assign(error as HttpError, { isTicketExpired: json.ticketExpired === true });
  }
}

export const register = (body: RegisterBody) =>
  request<AjaxResult>({ url: '/register', method: 'POST', data: body, isToken: false });

export const getInfo = () => http.get<InfoResponse>('/getInfo');

/** The menus as routes, with Buglet's own page and visibility where the wire keeps them for it. */
export const getRouters = async (): Promise<RouterRecord[]> =>
  ((await http.get<AjaxResult<RouterRecordOnWire[]>>('/getRouters')).data ?? []).map(ownRouterRecord);

export const logout = () => request<AjaxResult>({ url: '/logout', method: 'POST', repeatSubmit: false });

export const updatePassword = (oldPassword: string, newPassword: string) =>
  http.put('/system/user/profile/updatePwd', { oldPassword, newPassword });
