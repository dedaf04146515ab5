import {
  createLogger,
  createTokenService,
  loadCertificateKeys,
  loadJwtSecret,
  Metrics,
  type ServerConfig,
  type Storage,
  signedCheckpointsOf,
} from '@tickwise/platform';
import { createUserRecords } from '@tickwise/projections';
import type { CertificateIssuer } from '../certificates/credential';
import type { QueryServiceDeps } from './deps';

/** The certificate issuer of this installation: PUBLIC_URL and CERTIFICATE_SIGNING_KEY (or DATA_DIR's key). */
export function certificateIssuerOf(config: ServerConfig): CertificateIssuer {
  const keys = loadCertificateKeys({ dataDir: config.dataDir, signingKey: config.certificateSigningKey });
  return { publicUrl: config.publicUrl, privateKey: keys.privateKey, publicKey: keys.publicKey };
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
    loadLimits: config.loadLimits,
  };
}
