import type { AjaxResult } from '@buglet/contracts';
// By module, not the index: the registration page uses it and stays small.
import { DEFAULT_PASSWORD_POLICY, type PasswordPolicy } from '@buglet/contracts/password-policy';
import { useQuery } from '@tanstack/react-query';
import { request } from '../lib/http.ts';

/** Anonymous: the registration page asks it too. */
export const getPasswordPolicy = () =>
  request<AjaxResult<PasswordPolicy>>({ url: '/passwordPolicy', isToken: false, repeatSubmit: false });

/**
 * The server's password policy (System → Parameters), which every form that sets a password
 * checks before sending; the seeded default until the server answers (the server judges anyway).
 */
export function usePasswordPolicy(): PasswordPolicy {
  const { data } = useQuery({ queryKey: ['password-policy'], queryFn: getPasswordPolicy, staleTime: 60_000 });
  return data?.data ?? DEFAULT_PASSWORD_POLICY;
}
