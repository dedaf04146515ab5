import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { anyEvents } from '../src/eventlog/decode';
import type { EventLog, TaggedEvent } from '../src/eventlog/port';
import { DataKeys } from '../src/privacy/data-keys';
import { EncryptingEventLog } from '../src/privacy/encrypting-event-log';
import { SqliteKeyStore } from '../src/privacy/sqlite-key-store';

/** The contract suite's own events, some fields of which the tests treat as personal. */
export const testFields = {
  A: { n: null, x: null, amount: null },
  B: { y: '(erased)', amount: null },
  C: { nested: null, z: [] },
};

/** A key store in a temporary SQLite file with a random master key. */
export function testKeys(): DataKeys {
  const dir = mkdtempSync(join(tmpdir(), 'tickwise-keys-'));
  return new DataKeys(new SqliteKeyStore({ file: join(dir, 'keys.db') }), randomBytes(32));
}

/** Any adapter's log under the encryption layer; each stream is its own data subject. */
export function encrypted(
  inner: EventLog<TaggedEvent>,
  keys: DataKeys = testKeys(),
): EncryptingEventLog<TaggedEvent> {
  return new EncryptingEventLog(inner, keys, {
    events: anyEvents,
    fields: testFields,
    subjectOf: (stream) => stream,
  });
}
