import { SUPER_ADMIN_ID } from '@buglet/contracts';
import { seededText } from './i18n.ts';

export interface NamedPerson {
  userId?: number;
  userName?: string | null;
  nickName?: string | null;
}

/**
 * The name a person goes by: the nickname, else the account. The administrator's seeded nickname
 * ('管理员') follows the language until someone changes it; everyone's own nickname stays as typed.
 * Rows that carry no user id (a comment's author) are taken as possibly the administrator.
 */
export function personName(person: NamedPerson): string {
  const name = person.nickName || person.userName || '';
  const mayBeAdmin = person.userId === undefined || person.userId === SUPER_ADMIN_ID;
  return mayBeAdmin ? seededText('user.admin-nick-name', name) : name;
}
