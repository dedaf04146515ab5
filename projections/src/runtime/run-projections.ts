import {
  collectGarbage,
  DamagedEventRecorder,
  isStorageUnavailable,
  type Storage,
  scanLogIntegrity,
} from '@tickwise/platform';
import type { Logger } from 'pino';
import { allProjections } from '../catalog';
import { LiveProjectionRunner } from './runner';

export interface RunningProjections {
  runners: readonly LiveProjectionRunner[];
  /** The integrity scan of the whole log, started with the projections. */
  scanned: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Every projection kept up to date, as a projections process or thread runs them, with the integrity scan of
 * the log beside them. A failure (a full disk) is logged once per episode per projection, and again when the
 * projection moves on; `onStorageFailure` hears it too (readiness). A damaged event is logged with its stream
 * and revision, recorded as damaged and skipped.
 */
export function runProjections(
  storage: Pick<Storage, 'log' | 'storedLog' | 'store'>,
  logger: Logger,
  options: { onStorageFailure?: (error: unknown) => void } = {},
): RunningProjections {
  const damaged = new DamagedEventRecorder(storage.store, (event) =>
    logger.error(
      { stream: event.stream, revision: event.revision, position: event.position, reason: event.reason },
      'unreadable event: the projections skip it',
    ),
  );
  const runners = allProjections.map(
    (projection) =>
      new LiveProjectionRunner(
        {
          log: storage.log,
          store: storage.store,
          onUnreadable: (error) => damaged.record(error, `projection ${projection.name}`),
        },
        projection,
        {
          onError: (err) => {
            if (isStorageUnavailable(err)) options.onStorageFailure?.(err);
            logger.error(
              { err, projection: projection.name },
              'projection failed; retrying until it succeeds',
            );
          },
          onRecovered: () => logger.warn({ projection: projection.name }, 'projection moves on again'),
        },
      ),
  );
  for (const runner of runners) runner.start();
  const stopping = new AbortController();
  const scanned = (async () => {
    const started = Date.now();
    const result = await scanLogIntegrity(storage.storedLog, storage.store, {
      signal: stopping.signal,
      onDamaged: (event) =>
        logger.error(
          { stream: event.stream, revision: event.revision, position: event.position, reason: event.reason },
          `damaged event: stream ${event.stream}, revision ${event.revision}: ${event.reason}`,
        ),
    });
    if (stopping.signal.aborted) return;
    const line = { events: result.events, damaged: result.damaged.length, ms: Date.now() - started };
    if (result.damaged.length > 0) logger.error(line, 'log integrity scan found damaged events');
    else logger.info(line, 'log integrity scan: every event reads and extends its hash chain');
    // The scan read every event once; the heap it grew to holds nothing the projections keep, and an idle
    // thread is not collected again: about 100 MB of resident memory at 1.8 million events, given back.
    collectGarbage();
  })().catch((err: unknown) => {
    if (isStorageUnavailable(err)) options.onStorageFailure?.(err);
    logger.error({ err }, 'log integrity scan failed; it runs again at the next start');
  });
  return {
    runners,
    scanned,
    stop: async () => {
      stopping.abort();
      await Promise.all(runners.map((r) => r.stop()));
      await scanned;
    },
  };
}
