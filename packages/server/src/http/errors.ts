import { ResultCode } from '@buglet/contracts';
import type { MessageArg, MessageKey } from './i18n.ts';

/** The one error type: a business code and a message key, translated when it is answered. */
export class AppError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly args: readonly MessageArg[] = [],
    readonly code: number = ResultCode.error,
    /** Extra envelope fields a client can act on (e.g. `passwordRequired`). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(key);
  }
}

export const fail = (key: MessageKey, ...args: MessageArg[]) => new AppError(key, args);
export const forbidden = () => new AppError('auth.forbidden', [], ResultCode.forbidden);

/** How much of a refused address an answer repeats: enough to recognise it, not a flood. */
const URL_ECHO = 120;
export const echo = (url: string) => (url.length > URL_ECHO ? `${url.slice(0, URL_ECHO)}…` : url);
