import type { AjaxResult, TotpEnrolment, TotpRecoveryCodes, TotpStatus } from '@buglet/contracts';
import { http, request } from '../../lib/http.ts';

/** Two-factor sign-in of the signed-in person (the server never answers the secret again). */
export const totpKeys = { status: ['profile', 'totp'] as const };

export const getTotpStatus = () => http.get<AjaxResult<TotpStatus>>('/system/user/profile/totp');
export const startTotp = () =>
  request<AjaxResult<TotpEnrolment>>({
    url: '/system/user/profile/totp',
    method: 'POST',
    repeatSubmit: false,
  });
export const confirmTotp = (code: string) =>
  http.post<AjaxResult<TotpRecoveryCodes>>('/system/user/profile/totp/confirm', { code });
/** `code`: a current code or one of the recovery codes. */
export const disableTotp = (password: string, code: string) =>
  request<AjaxResult>({ url: '/system/user/profile/totp', method: 'DELETE', data: { password, code } });
