/**
 * The record a log migration leaves in the log it made (README, "Upgrading a data folder"): an earlier
 * release's log, whose personal fields were stored in the clear, is copied into a new log with those fields
 * sealed. Sealing changes the events' hashes, so the new log records what the old one ended with — the
 * Merkle root (RFC 9162, as in signed checkpoints) over the head of every stream of the old file and its
 * newest signed checkpoint — and anyone holding the old file can check that it is the log this one came from.
 */
import * as t from 'io-ts';
import {
  isoDateTime,
  nonEmptyString,
  nonNegativeInt,
  nullable,
  positiveInt,
  sha256Hex,
  struct,
} from './codecs';
import { limits } from './limits';

/** log-migrations: one event per migration the log went through. */
export const EventLogMigrated = struct(
  {
    migration: t.literal('personal-data-encryption'),
    /** The old file as it was renamed, in DATA_DIR (e.g. `events.pre-encryption.db`). */
    previousFile: nonEmptyString(limits.title),
    migratedAt: isoDateTime,
    /** Events copied (the old file's signed checkpoints are not: they sign the old hashes). */
    events: nonNegativeInt,
    /** Streams of the old file (heads under `headsRoot`). */
    streams: nonNegativeInt,
    /** The old file's last position. */
    previousPosition: nonEmptyString(limits.title),
    /** RFC 9162 root over the old file's stream heads `{stream, revision, hash}`, in stream-name order. */
    headsRoot: sha256Hex,
    /** The old file's newest signed checkpoint (its number and hash), if it had one. */
    previousCheckpoint: nullable(struct({ seq: positiveInt, hash: sha256Hex }, 'PreviousCheckpoint')),
  },
  'EventLogMigrated',
);
export type EventLogMigrated = t.TypeOf<typeof EventLogMigrated>;
