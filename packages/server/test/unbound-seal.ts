import { createCipheriv, randomBytes } from 'node:crypto';

/**
 * A value as the server sealed it before values were bound to their place (`enc1:`, no associated
 * data): what databases of earlier versions hold.
 */
export function sealUnbound(key: Buffer, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return `enc1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}
