/**
 * Business codes carried in the body; the HTTP status is 200 as in the original. Apart from the
 * schemas in envelope.ts (which re-exports it), so the web's first page can read them without zod.
 */
export const ResultCode = {
  success: 200,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  error: 500,
  warn: 601,
} as const;
export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

/**
 * The close code of a realtime socket whose session ended (signed out elsewhere, forced out,
 * expired): the server sends it, and the web does not reconnect on it.
 */
export const SESSION_ENDED_CODE = 4401;
