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
