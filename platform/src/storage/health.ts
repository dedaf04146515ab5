import type { EventLog } from '../eventlog/port';

/**
 * Errors that say the storage, not the request, is at fault: a full or failing disk, a read-only or locked
 * database, an unreachable server. The request may well succeed later, so they answer 503, never 500.
 */
const UNAVAILABLE_CODES =
  /^(SQLITE_(FULL|IOERR|READONLY|CANTOPEN|BUSY|LOCKED|PROTOCOL|NOTADB|CORRUPT)\w*|ENOSPC|EIO|EROFS|EDQUOT|EACCES|EPERM|EMFILE|ECONNREFUSED|ECONNRESET|ETIMEDOUT)$/;
const UNAVAILABLE_NAMES =
  /^(MongoNetworkError|MongoServerSelectionError|MongoNotConnectedError|MongoTopologyClosedError|UnavailableError|DeadlineExceededError)$/;

export function isStorageUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, name } = error as { code?: unknown; name?: unknown };
  return (
    (typeof code === 'string' && UNAVAILABLE_CODES.test(code)) ||
    (typeof name === 'string' && UNAVAILABLE_NAMES.test(name))
  );
}

export type StorageState = { ok: true } | { ok: false; since: string; error: string };

/**
 * Below this much free space on the embedded storage's disk, readiness reports the disk as full: SQLite may
 * still fit an append into pages it already has, while the files around it (the checkpoint head file, a new
 * table) no longer fit, and the next burst of appends fails.
 */
export const MIN_FREE_BYTES = 1024 * 1024;

/**
 * Whether appends currently succeed. A failed append marks storage down; readiness then probes with a small
 * committed write and reports ready again by itself once one succeeds (or once an append does). With
 * `freeBytes` (the embedded storage's disk), a disk with less than MIN_FREE_BYTES left also reads as down.
 */
export class StorageHealth {
  private failure: { since: string; error: string } | undefined;
  constructor(
    private readonly probe: () => Promise<void>,
    private readonly freeBytes?: () => number,
  ) {}

  recordFailure(error: unknown): void {
    const { code, message } = error as { code?: unknown; message?: unknown };
    this.failure ??= { since: new Date().toISOString(), error: String(code ?? message ?? error) };
  }

  recordSuccess(): void {
    this.failure = undefined;
  }

  async check(): Promise<StorageState> {
    const free = this.freeBytes?.();
    if (free !== undefined && free < MIN_FREE_BYTES) {
      this.failure ??= { since: new Date().toISOString(), error: 'ENOSPC' };
      return { ok: false, ...this.failure, error: `ENOSPC: ${Math.floor(free / 1024)} KiB free` };
    }
    const failure = this.failure;
    if (!failure) return { ok: true };
    try {
      await this.probe();
      this.failure = undefined;
      return { ok: true };
    } catch (error) {
      if (!isStorageUnavailable(error)) throw error;
      return { ok: false, ...failure };
    }
  }
}

/** The log with every append's outcome reported to a StorageHealth; everything else passes straight through. */
export function monitoredLog(
  log: EventLog,
  freeBytes?: () => number,
): { log: EventLog; health: StorageHealth } {
  const health = new StorageHealth(async () => {
    await log.probeWrite?.();
  }, freeBytes);
  const monitored: EventLog = {
    async appendToStream(stream, events, options) {
      try {
        const result = await log.appendToStream(stream, events, options);
        health.recordSuccess();
        return result;
      } catch (error) {
        if (isStorageUnavailable(error)) health.recordFailure(error);
        throw error;
      }
    },
    readStream: (stream, options) => log.readStream(stream, options),
    readAll: (options) => log.readAll(options),
    subscribe: (options) => log.subscribe(options),
    headPosition: () => log.headPosition(),
    verifyStream: (stream) => log.verifyStream(stream),
    probeWrite: () => log.probeWrite?.() ?? Promise.resolve(),
    close: () => log.close(),
  };
  return { log: monitored, health };
}
