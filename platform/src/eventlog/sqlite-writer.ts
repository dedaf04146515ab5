import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { startWorkerThread } from '../runtime/worker-thread';
import {
  type AppendFailure,
  type AppendOutcome,
  type AppendRequest,
  errorOf,
  SqliteAppender,
} from './sqlite-appender';

/** Where a SQLite event log's appends are committed: on its own connection, or on a writer thread. */
export interface Appender {
  commit(batch: readonly AppendRequest[]): Promise<AppendOutcome[]>;
  close(): Promise<void>;
}

/** Appends committed on the log's own connection, on the caller's thread (the fsync blocks it). */
export class InlineAppender implements Appender {
  private readonly appender: SqliteAppender;
  constructor(db: Database.Database) {
    this.appender = new SqliteAppender(db);
  }
  async commit(batch: readonly AppendRequest[]): Promise<AppendOutcome[]> {
    return this.appender.commit(batch);
  }
  async close(): Promise<void> {}
}

/**
 * The writer thread's young generation, where new objects start. Each batch it commits is garbage once its
 * outcomes are sent, yet V8's default lets the space grow to 32 MB under a burst of appends and keeps it: the
 * thread's heap went from about 20 MB under the learner mix to 28-42 MB after 200 connections of document
 * views, and stayed there. 4 MB held it at 16-20 MB with as many appends a second (measured, profile-route).
 */
const WRITER_YOUNG_GENERATION_MB = 4;

/** What the writer thread answers for one batch. */
export type WriterReply = { id: number; outcomes: AppendOutcome[] } | { id: number; failure: AppendFailure };

export interface WriterThreadData {
  file: string;
  busyTimeoutMs: number;
}

/**
 * Appends committed by a writer thread on a connection of its own (sqlite-writer-thread.ts): the group
 * transaction and its fsync run beside the event loop instead of blocking it, so the thread that answers
 * HTTP keeps answering while the disk syncs. Same rules, same file, same answers as `InlineAppender`.
 * The thread holds the process open only while a batch is out.
 */
export class ThreadAppender implements Appender {
  private worker: Worker | undefined;
  private nextId = 0;
  private readonly pending = new Map<
    number,
    { resolve: (outcomes: AppendOutcome[]) => void; reject: (error: unknown) => void }
  >();

  constructor(private readonly data: WriterThreadData) {}

  private spawn(): Worker {
    // From the sources through tsx's require hook, or the compiled server's own bundle of the thread.
    const worker = startWorkerThread(join(__dirname, 'sqlite-writer-thread.ts'), {
      workerData: this.data,
      resourceLimits: { maxYoungGenerationSizeMb: WRITER_YOUNG_GENERATION_MB },
    });
    worker.unref();
    worker.on('message', (reply: WriterReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if ('outcomes' in reply) waiting.resolve(reply.outcomes);
      else waiting.reject(errorOf(reply.failure));
    });
    const fail = (error: unknown) => {
      if (this.worker === worker) this.worker = undefined;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the event log's writer thread exited (${code})`)));
    return worker;
  }

  commit(batch: readonly AppendRequest[]): Promise<AppendOutcome[]> {
    this.worker ??= this.spawn();
    const worker = this.worker;
    const id = this.nextId++;
    // Plain data only: an event read from another log (a migration) may carry its metadata in a getter.
    const plain = batch.map(({ stream, events, expectedRevision }) => ({
      stream,
      expectedRevision,
      events: events.map(({ eventId, type, data, metadata }) => ({ eventId, type, data, metadata })),
    }));
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, batch: plain });
    });
  }

  /** Lets the thread close its connection and end (it is stopped after a few seconds otherwise). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (!worker) return;
    const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.ref();
    worker.postMessage('close');
    const timer = setTimeout(() => void worker.terminate(), 5000);
    await ended;
    clearTimeout(timer);
  }
}
