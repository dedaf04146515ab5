/** One change a commit made: a document, or (id null) a whole collection (many documents, or dropped). */
export interface Change {
  readonly collection: string;
  readonly id: string | null;
}

/**
 * What other connections to the same read models have committed, for a read cache to stay exact. The SQLite
 * adapter has one (read-model commits record what they change); a store without one is read uncached.
 */
export interface ChangeFeed {
  /** A number that moves whenever another connection has committed. */
  version(): number;
  /**
   * A number that moves whenever a connection of this thread commits: cheaper than `version`, it is asked on
   * every read; `version` is asked once per turn of the event loop and whenever this one moved.
   */
  localVersion(): number;
  /** The last recorded change's sequence number (0 when none). */
  latest(): number;
  /** The changes recorded after sequence `after`, or null when some of them are no longer kept. */
  since(after: number): { latest: number; changes: readonly Change[] } | null;
}
