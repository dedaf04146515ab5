import { createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDataDir } from '../config/storage-config';

/**
 * The JWT signing key: `JWT_SECRET` when set (at least 32 characters), else a 256-bit secret generated into
 * the data folder on first run (mode 0600) and reused after. Loaded once, as a KeyObject (jsonwebtoken is
 * ~50× slower with a string secret, which it first tries to parse as a PEM key).
 */
export function loadJwtSecret(options: { dataDir: string; jwtSecret: string | undefined }): KeyObject {
  const fromEnv = options.jwtSecret;
  if (fromEnv !== undefined && fromEnv !== '') {
    if (fromEnv.length < 32) throw new Error('JWT_SECRET must be at least 32 characters long');
    return createSecretKey(Buffer.from(fromEnv, 'utf8'));
  }
  const file = join(ensureDataDir(options), 'jwt-secret');
  if (!existsSync(file)) {
    try {
      writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process created it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return createSecretKey(Buffer.from(readFileSync(file, 'utf8').trim(), 'hex'));
}
