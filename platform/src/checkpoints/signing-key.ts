import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDataDir } from '../config/storage-config';

/** The checkpoint key pair and the id checkpoints name it by. */
export interface CheckpointKeys {
  /** Absent where only the public key was given (a verifier). */
  readonly privateKey?: KeyObject;
  readonly publicKey: KeyObject;
  /** SHA-256 (hex) of the public key's SPKI DER. */
  readonly keyId: string;
  /** The public key as SPKI PEM, as GET /api/log/checkpoint-key and `npm run audit -- key` give it. */
  readonly publicKeyPem: string;
}

export const CHECKPOINT_KEY_FILE = 'checkpoint-signing-key.pem';

const pem = (label: string, value: string) =>
  value.includes('-----BEGIN')
    ? value
    : `-----BEGIN ${label}-----\n${value.trim()}\n-----END ${label}-----\n`;

export function publicKeyFacts(publicKey: KeyObject): Omit<CheckpointKeys, 'privateKey'> {
  if (publicKey.asymmetricKeyType !== 'ed25519') throw new Error('the checkpoint key must be an Ed25519 key');
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return {
    publicKey,
    keyId: createHash('sha256').update(der).digest('hex'),
    publicKeyPem: String(publicKey.export({ type: 'spki', format: 'pem' })),
  };
}

const fromPrivate = (privateKey: KeyObject): CheckpointKeys => {
  if (privateKey.asymmetricKeyType !== 'ed25519')
    throw new Error('the checkpoint key must be an Ed25519 key');
  return { privateKey, ...publicKeyFacts(createPublicKey(privateKey)) };
};

/** A public key given as SPKI PEM (or its base64 body on one line). */
export const parsePublicKey = (text: string): Omit<CheckpointKeys, 'privateKey'> =>
  publicKeyFacts(createPublicKey(pem('PUBLIC KEY', text)));

/** The key of this installation if there is one (the environment's, or DATA_DIR's): none is generated. */
export function existingCheckpointKeys(options: {
  dataDir: string;
  signingKey: string | undefined;
}): CheckpointKeys | undefined {
  if (!options.signingKey?.trim() && !existsSync(join(options.dataDir, CHECKPOINT_KEY_FILE)))
    return undefined;
  return loadCheckpointKeys(options);
}

/**
 * The Ed25519 key that signs checkpoints, never stored in the database: `CHECKPOINT_SIGNING_KEY` when set
 * (PKCS#8 PEM, or its one-line base64 body), else generated into DATA_DIR on first run (mode 0600) and
 * reused after, like the JWT secret.
 */
export function loadCheckpointKeys(options: {
  dataDir: string;
  signingKey: string | undefined;
}): CheckpointKeys {
  return loadEd25519Keys({ ...options, variable: 'CHECKPOINT_SIGNING_KEY', file: CHECKPOINT_KEY_FILE });
}

export const CERTIFICATE_KEY_FILE = 'certificate-signing-key.pem';

/**
 * The Ed25519 key that signs certificates (the issuer's key, published with the issuer profile):
 * `CERTIFICATE_SIGNING_KEY` when set, else generated into DATA_DIR on first run, as the checkpoint key is.
 * A key of its own, so that certificates and the log's checkpoints can be rotated apart.
 */
export function loadCertificateKeys(options: {
  dataDir: string;
  signingKey: string | undefined;
}): CheckpointKeys {
  return loadEd25519Keys({ ...options, variable: 'CERTIFICATE_SIGNING_KEY', file: CERTIFICATE_KEY_FILE });
}

function loadEd25519Keys(options: {
  dataDir: string;
  signingKey: string | undefined;
  variable: string;
  file: string;
}): CheckpointKeys {
  const fromEnv = options.signingKey?.trim();
  if (fromEnv) {
    try {
      return fromPrivate(createPrivateKey(pem('PRIVATE KEY', fromEnv)));
    } catch (error) {
      throw new Error(
        `${options.variable} is not an Ed25519 private key (PKCS#8 PEM): ${(error as Error).message}`,
      );
    }
  }
  const file = join(ensureDataDir(options), options.file);
  if (!existsSync(file)) {
    const { privateKey } = generateKeyPairSync('ed25519');
    try {
      writeFileSync(file, String(privateKey.export({ type: 'pkcs8', format: 'pem' })), {
        mode: 0o600,
        flag: 'wx',
      });
    } catch (error) {
      // Another process created it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return fromPrivate(createPrivateKey(readFileSync(file, 'utf8')));
}
