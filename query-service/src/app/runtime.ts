import {
  createLogger,
  createTokenService,
  loadCertificateKeys,
  loadCheckpointKeys,
  loadJwtSecret,
  Metrics,
  noteOrigin,
  type ServerConfig,
  type Storage,
  signedCheckpointsOf,
  signNote,
} from '@tickwise/platform';
import { createUserRecords } from '@tickwise/projections';
import type { CertificateIssuer } from '../certificates/credential';
import type { QueryServiceDeps } from './deps';

/** The certificate issuer of this installation: PUBLIC_URL and CERTIFICATE_SIGNING_KEY (or DATA_DIR's key). */
export function certificateIssuerOf(config: ServerConfig): CertificateIssuer {
  const keys = loadCertificateKeys({ dataDir: config.dataDir, signingKey: config.certificateSigningKey });
  return { publicUrl: config.publicUrl, privateKey: keys.privateKey, publicKey: keys.publicKey };
}

/**
 * Signs checkpoint notes with the checkpoint key, for witnesses: only ever the note of a checkpoint this
 * service verified in the chain (see the checkpoint feed).
 */
export function checkpointNotesOf(config: ServerConfig): QueryServiceDeps['checkpointNotes'] {
  const origin = noteOrigin(config.publicUrl);
  const { privateKey } = loadCheckpointKeys({
    dataDir: config.dataDir,
    signingKey: config.checkpointSigningKey,
  });
  if (!privateKey) throw new Error('no checkpoint key to sign notes with');
  return { origin, sign: (body) => signNote(body, origin, privateKey) };
}

/** Builds the query service's dependencies over opened storage. */
export function queryServiceDeps(
  config: ServerConfig,
  storage: Storage,
  metrics = new Metrics(),
): QueryServiceDeps {
  return {
    // The audit reads and exports the stored form: chains verify over it and exports carry no plaintext.
    log: storage.storedLog,
    personalLog: storage.log,
    storageHealth: storage.health,
    store: storage.store,
    tokens: createTokenService({ secret: loadJwtSecret(config), expiresInSeconds: config.tokenTtlSeconds }),
    users: createUserRecords(storage.store),
    metrics,
    logger: createLogger({ name: 'query-service' }),
    now: () => new Date(),
    checkpoints: signedCheckpointsOf(storage.storedLog, config),
    certificateIssuer: certificateIssuerOf(config),
    checkpointNotes: checkpointNotesOf(config),
    loadLimits: config.loadLimits,
  };
}
