import type { EventLog, ReadModelStore } from '@tickwise/platform';
import type { Logger } from 'pino';
import { regulatoryWarningsProcess } from './regulatory-warnings';
import { ProcessManagerRunner } from './runner';

/** The command side's process managers (they append events in reaction to events). */
export function startProcessManagers(deps: {
  log: EventLog;
  store: ReadModelStore;
  logger: Logger;
  now: () => Date;
}) {
  const runners = [regulatoryWarningsProcess(deps)].map(
    (manager) =>
      new ProcessManagerRunner(deps, manager, {
        onError: (err, event) =>
          deps.logger.error(
            { err, process: manager.name, eventId: event.eventId },
            'process manager failed; retrying',
          ),
      }),
  );
  for (const runner of runners) runner.start();
  return { stop: () => Promise.all(runners.map((r) => r.stop())).then(() => undefined) };
}
