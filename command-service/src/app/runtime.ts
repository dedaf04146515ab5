import {
  createLogger,
  createTokenService,
  loadJwtSecret,
  Metrics,
  noteOrigin,
  parseVerifierKey,
  type ServerConfig,
  type Storage,
  workLanes,
} from '@tickwise/platform';
import { backgroundRebuilds, createUserRecords } from '@tickwise/projections';
import { createLoginThrottle } from '../identity/login-throttle';
import { argon2Hasher, type PasswordHasher } from '../identity/passwords';
import { createCourseCatalog } from '../learning/course-catalog';
import type { CommandServiceDeps } from './deps';

/** Builds the command service's dependencies over opened storage: the wiring of its parts. */
export function commandServiceDeps(
  config: ServerConfig,
  storage: Storage,
  metrics = new Metrics(),
  passwords: PasswordHasher = argon2Hasher(),
): CommandServiceDeps {
  // In the background: the first login of an unknown address then takes the time of any other.
  void passwords.warmUp();
  const logger = createLogger({ name: 'command-service' });
  const now = () => new Date();
  return {
    log: storage.log,
    keys: storage.keys,
    storageHealth: storage.health,
    store: storage.store,
    tokens: createTokenService({ secret: loadJwtSecret(config), expiresInSeconds: config.tokenTtlSeconds }),
    users: createUserRecords(storage.store),
    throttle: createLoginThrottle(storage.mongo ? { mongo: storage.mongo } : {}),
    metrics,
    logger,
    now,
    minimumReadSeconds: config.minimumReadSeconds,
    catalog: createCourseCatalog(storage.log),
    rebuilds: backgroundRebuilds({ log: storage.log, store: storage.store, logger, now }),
    loadLimits: config.loadLimits,
    passwordLanes: workLanes(config.loadLimits.passwordLanes, config.loadLimits.passwordQueue),
    passwords,
    witnesses: {
      origin: noteOrigin(config.publicUrl),
      keys: config.witnessKeys.map((key) => {
        try {
          return parseVerifierKey(key);
        } catch (error) {
          throw new Error(`WITNESS_KEYS: ${key}: ${(error as Error).message}`);
        }
      }),
    },
  };
}
