import type { AjaxResult, User } from '@buglet/contracts';
import { http, request } from '../../lib/http.ts';

export interface ProfileResponse extends AjaxResult<User> {
  roleGroup?: string;
}

export interface ProfileBody {
  nickName: string;
  phoneNumber: string;
  email: string;
  sex?: string | null;
  dingUserId?: string;
  wechatUserId?: string;
}

export const profileKeys = { profile: ['profile'] as const };

export const getProfile = () => http.get<ProfileResponse>('/system/user/profile');
export const updateProfile = (body: ProfileBody) => http.put('/system/user/profile', body);

export function uploadAvatar(file: File) {
  const data = new FormData();
  data.append('avatarfile', file);
  return request<AjaxResult & { imgUrl: string }>({
    url: '/system/user/profile/avatar',
    method: 'POST',
    data,
  });
}

/** One of the person's own sign-ins; `sessionId` is a digest, never the token id. */
export interface OwnSession {
  sessionId: string;
  ipaddr: string | null;
  browser: string | null;
  os: string | null;
  loginTime: string;
  current: boolean;
}

export const sessionKeys = { own: ['profile', 'sessions'] as const };
export const listOwnSessions = () => http.get<AjaxResult<OwnSession[]>>('/system/user/profile/sessions');
export const endOwnSession = (sessionId: string) => http.delete(`/system/user/profile/sessions/${sessionId}`);
export const endOtherSessions = () => http.delete('/system/user/profile/sessions');
