import { anyEvents } from '../src/eventlog/decode';
import { EventStoreDbEventLog } from '../src/eventlog/eventstoredb-event-log';
import { encrypted } from './encryption-support';
import { describeEventLogContract } from './eventlog.contract';

// Runs only when EVENTSTORE_URL is set (jest.config.js ignores this file otherwise), e.g.
// EVENTSTORE_URL='esdb://localhost:2113?tls=false' against `docker run eventstore/eventstore --insecure
// --run-projections=None`. Streams are named uniquely per run, so a shared server needs no cleaning.
// No tamper hook: EventStoreDB events are immutable, a stored byte cannot be changed behind its back.
const url = process.env.EVENTSTORE_URL;
if (!url) throw new Error('EVENTSTORE_URL is not set');

jest.setTimeout(30_000);

describeEventLogContract('EventStoreDB', {
  open: async () => new EventStoreDbEventLog(url, { events: anyEvents }),
});

// The same suite through the encryption layer: what EventStoreDB stores is the sealed form.
describeEventLogContract('EventStoreDB + encryption', {
  open: async () => encrypted(new EventStoreDbEventLog(url, { events: anyEvents })),
});
