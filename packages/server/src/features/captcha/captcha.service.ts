import { randomUUID } from 'node:crypto';
import { LIMITS } from '@buglet/contracts';
import type { Db } from '../../db/connect.ts';
import { kvPut, kvTake } from '../../db/kv.ts';
import { AppError } from '../../http/errors.ts';
import { mathChallenge, renderCaptchaPng } from './captcha-image.ts';

const key = (uuid: string) => `captcha_codes:${uuid}`;

export async function issueCaptcha(db: Db): Promise<{ uuid: string; img: string }> {
  const { text, answer } = mathChallenge();
  const uuid = randomUUID().replace(/-/g, '');
  await kvPut(db, key(uuid), answer, LIMITS.captchaTtlSeconds * 1000);
  return { uuid, img: renderCaptchaPng(text).toString('base64') };
}

/** An answer is good once and for two minutes. */
export async function verifyCaptcha(
  db: Db,
  uuid: string | undefined,
  code: string | undefined,
): Promise<void> {
  const expected = uuid ? await kvTake(db, key(uuid)) : undefined;
  if (expected === undefined) throw new AppError('user.jcaptcha.expire');
  if ((code ?? '').trim() !== expected) throw new AppError('user.jcaptcha.error');
}
