import { randomBytes } from 'node:crypto';
import { type DomainEvent, dataSubjectOf, erasedSubjectsOf, personalFields } from '@tickwise/contracts';
import { domainEvents } from '../eventlog/decode';
import { InMemoryEventLog } from '../eventlog/in-memory-event-log';
import type { EventLog, TaggedEvent } from '../eventlog/port';
import { DataKeys } from '../privacy/data-keys';
import { EncryptingEventLog, sealedEvents } from '../privacy/encrypting-event-log';
import { InMemoryKeyStore } from '../privacy/in-memory-key-store';
import { InMemoryReadModelStore } from '../readmodels/in-memory-read-models';
import { monitoredLog } from './health';
import type { OpenOptions, Storage } from './open-storage';

/**
 * The storage ports wired as `openStorage` wires them — personal fields sealed under per-learner data keys,
 * the log monitored for readiness — over the in-memory adapters: nothing on disk, for unit-tier tests of
 * routes and projections. It keeps what it holds until the process ends; `close` only closes.
 */
export function openInMemoryStorage(options: Pick<OpenOptions, 'beneath'> = {}): Storage {
  const adapterLog: EventLog = new InMemoryEventLog({ events: sealedEvents(personalFields) });
  const { log: storedLog, health } = monitoredLog(options.beneath ? options.beneath(adapterLog) : adapterLog);
  const keys = new DataKeys(new InMemoryKeyStore(), randomBytes(32));
  const log = new EncryptingEventLog<DomainEvent>(storedLog as EventLog<TaggedEvent>, keys, {
    events: domainEvents,
    fields: personalFields,
    subjectOf: dataSubjectOf,
    erasedSubjectsOf,
  });
  const store = new InMemoryReadModelStore();
  return {
    log,
    storedLog,
    keys,
    health,
    store,
    describe: { log: 'memory', readModels: 'memory' },
    close: async () => {
      await store.close();
      await keys.close();
      await log.close();
    },
  };
}
