import type Database from 'better-sqlite3';

/** Whether SQLite refused for a lock another connection holds (SQLITE_BUSY and its extended codes). */
const isBusy = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  String((error as { code?: unknown }).code).startsWith('SQLITE_BUSY');

/** Blocks this thread for `ms` (a connection being opened has nothing else to do). */
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Each connection's page cache, in KiB. better-sqlite3 builds SQLite with 16 MB a connection, and the one-process
 * app holds seven across its threads (three on the event log, two on the read models, two on the keys): over a
 * large log they fill, about 110 MB that the operating system's file cache holds again. 2 MiB a connection keeps
 * the latencies and rebuild rates with about 50 MB less resident memory at capacity scale (ADR 0021).
 */
export const PAGE_CACHE_KIB = 2048;

/**
 * Sets up a freshly opened connection: its busy timeout and page cache size, then `setUp` (pragmas, `CREATE … IF NOT EXISTS`), tried
 * again while another connection holds a lock, for `busyTimeoutMs` at most. SQLite answers some of the first
 * statements on a file with SQLITE_BUSY at once, without waiting the busy timeout: turning a new file to WAL, or
 * reading it while another connection recovers or converts it. The split services start together on one folder,
 * so their first statements meet. `setUp` must be safe to run again.
 */
export function setUpConnection(
  db: Database.Database,
  busyTimeoutMs: number,
  setUp: (db: Database.Database) => void,
): void {
  db.pragma(`busy_timeout = ${busyTimeoutMs}`);
  db.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
  const deadline = Date.now() + busyTimeoutMs;
  for (let wait = 5; ; wait = Math.min(2 * wait, 100)) {
    try {
      setUp(db);
      return;
    } catch (error) {
      if (!isBusy(error) || Date.now() >= deadline) throw error;
      pause(wait);
    }
  }
}
