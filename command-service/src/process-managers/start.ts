import {
  DamagedEventRecorder,
  type EventLog,
  isStorageUnavailable,
  type ReadModelStore,
  type StorageHealth,
} from '@tickwise/platform';
import type { Logger } from 'pino';
import { regulatoryWarningsProcess } from './regulatory-warnings';
import { ProcessManagerRunner } from './runner';

/**
 * The command side's process managers (they append events in reaction to events). A storage failure marks
 * readiness down (when `storageHealth` is given) and is logged once, until the manager moves on again.
 */
export function startProcessManagers(deps: {
  log: EventLog;
  store: ReadModelStore;
  logger: Logger;
  now: () => Date;
  storageHealth?: StorageHealth;
}) {
  const damaged = new DamagedEventRecorder(deps.store, (event) =>
    deps.logger.error(
      { stream: event.stream, revision: event.revision, position: event.position, reason: event.reason },
      'unreadable event skipped by the process managers',
    ),
  );
  const runners = [regulatoryWarningsProcess(deps)].map(
    (manager) =>
      new ProcessManagerRunner(deps, manager, {
        onError: (err, event) => {
          if (isStorageUnavailable(err)) deps.storageHealth?.recordFailure(err);
          deps.logger.error(
            { err, process: manager.name, eventId: event?.eventId },
            'process manager failed; retrying until it succeeds',
          );
        },
        onRecovered: () => deps.logger.warn({ process: manager.name }, 'process manager moves on again'),
        onUnreadable: (error) => damaged.record(error, `process manager ${manager.name}`),
      }),
  );
  for (const runner of runners) runner.start();
  return { stop: () => Promise.all(runners.map((r) => r.stop())).then(() => undefined) };
}
