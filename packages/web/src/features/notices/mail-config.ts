import type { MailConfigBody } from './notices.api.ts';

export const SMTP_DEFAULTS: MailConfigBody = { host: '', port: 465, secure: true, user: '', from: '' };

/** Form values to the request: an empty password field keeps the stored one. */
export function mailBody(values: MailConfigBody): MailConfigBody {
  const { password, ...rest } = values;
  const body = { ...rest, host: rest.host.trim(), user: (rest.user ?? '').trim(), from: rest.from.trim() };
  return password ? { ...body, password } : body;
}
