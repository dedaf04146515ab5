import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * One personal field sealed with AES-256-GCM: `tw1.<keyId>.<iv>.<ciphertext>.<tag>` (base64url), the
 * plaintext being the field's JSON. The additional authenticated data names where the value belongs
 * (stream, event type, field), so a sealed value moved elsewhere, or changed, does not open.
 */
const PREFIX = 'tw1.';
const IV_BYTES = 12;

export const isSealed = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith(PREFIX);

/** Where a sealed value belongs: bound into its authentication tag. */
export const placeOf = (stream: string, type: string, field: string): string => `${stream}|${type}|${field}`;

export function seal(key: Buffer, keyId: string, place: string, value: unknown): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(place, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return `${PREFIX}${keyId}.${iv.toString('base64url')}.${ciphertext.toString('base64url')}.${cipher
    .getAuthTag()
    .toString('base64url')}`;
}

/** The key id a sealed value names, or undefined when it is not a well-formed sealed value. */
export function keyIdOf(sealed: string): string | undefined {
  const parts = sealed.slice(PREFIX.length).split('.');
  return parts.length === 4 && parts[0] ? parts[0] : undefined;
}

/** A sealed value that does not open under its key: changed, moved to another place, or malformed. */
export class UnsealError extends Error {
  override readonly name = 'UnsealError';
}

export function unseal(key: Buffer, place: string, sealed: string): unknown {
  const [, iv, ciphertext, tag] = sealed.slice(PREFIX.length).split('.');
  if (iv === undefined || ciphertext === undefined || tag === undefined) {
    throw new UnsealError('a sealed value is malformed');
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(place, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const plain = Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]);
    return JSON.parse(plain.toString('utf8'));
  } catch {
    throw new UnsealError('a sealed value does not open: it was changed or moved from another event');
  }
}
