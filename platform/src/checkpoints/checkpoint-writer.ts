import { rmSync } from 'node:fs';
import type { SignedStreamHead } from '@tickwise/contracts';
import { GENESIS_HASH } from '../eventlog/hash-chain';
import {
  type CorruptEventError,
  type EventLog,
  type RecordedEvent,
  START,
  WrongExpectedRevisionError,
} from '../eventlog/port';
import { isStorageUnavailable } from '../storage/health';
import { checkpointHeadFile, writeHeadFile } from './checkpoint';
import { CHECKPOINT_STREAM, SignedCheckpoints } from './signed-checkpoints';
import { type CheckpointKeys, loadCheckpointKeys } from './signing-key';

export interface CheckpointWriterOptions {
  /** The head file outside the database (DATA_DIR/checkpoint-head.json). */
  headFile: string;
  /** A checkpoint at least this often while events arrive (`CHECKPOINT_INTERVAL_SECONDS`); 0: only by count. */
  intervalMs: number;
  /** …and after this many events, or this many changed streams (keeps one checkpoint event small). */
  maxEvents?: number;
  maxStreams?: number;
  now?: () => Date;
  /**
   * Problems worth an operator's attention: tampering seen, a refused start, a damaged event, and storage
   * failing (once per episode: a full disk is reported when it starts, not at every retry).
   */
  onError?: (error: Error) => void;
  /** Storage takes writes again after a failure reported to `onError`: the checkpoints caught up. */
  onRecovered?: () => void;
  /** How long to wait before trying again after storage failed (default 1 s, doubling up to 30 s). */
  retryMs?: number;
}

/**
 * Follows the log like a projection, from the position of the newest signed checkpoint, and signs a new
 * checkpoint over the heads of the streams that changed: every `intervalMs`, every `maxEvents` events or
 * `maxStreams` changed streams, and at `stop()`. Each checkpoint is appended to `log-checkpoints` (with the
 * expected revision, so two writers cannot fork the chain) and then written to the head file.
 *
 * A new event must extend the head its stream was signed at (next revision, prevHash = signed hash): an
 * event that does not is never signed, so a stream edited and re-hashed below a signed head cannot be
 * laundered into a newer checkpoint. The writer refuses to start on a chain it cannot trust (a forged or
 * broken checkpoint, or checkpoints missing that the head file records), for the same reason.
 *
 * Storage failing (a full disk) is a condition, not an end: the heads wait, the writer tries again after a
 * pause, and the first checkpoint after the disk takes writes again covers everything followed meanwhile. A
 * stored event that cannot be read is reported, and its stream is signed no further.
 */
export class CheckpointWriter {
  private readonly chain: SignedCheckpoints;
  private pending = new Map<string, SignedStreamHead>();
  private pendingEvents = 0;
  private position: string | undefined;
  private cutting: Promise<void> = Promise.resolve();
  private readonly refused = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private closeSubscription: (() => Promise<void>) | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  private failed: Error | undefined;
  /** Since when storage has failed (an episode is reported once), and when to try again. */
  private storageFailing: { since: number; retryAt: number; delayMs: number } | undefined;

  constructor(
    private readonly log: EventLog,
    keys: CheckpointKeys,
    private readonly options: CheckpointWriterOptions,
  ) {
    this.chain = new SignedCheckpoints(log, keys, { headFile: options.headFile });
  }

  /** Starts following the log; resolves once the existing checkpoints are read and checked. */
  async start(): Promise<void> {
    const view = await this.chain.view([]);
    if (view.basis.problem !== null) {
      this.fail(new Error(`checkpoints are not signed: ${view.basis.problem}`));
      return;
    }
    if (this.options.intervalMs > 0) {
      this.timer = setInterval(() => {
        if (this.pending.size > 0) void this.cut();
      }, this.options.intervalMs);
      this.timer.unref();
    }
    this.running = this.followLog(view.checkpoint?.statement.position ?? START);
  }

  /** Follows the log from `from`; a storage failure while reading starts again from the last event followed. */
  private async followLog(from: string): Promise<void> {
    let position = from;
    while (!this.stopped && !this.failed) {
      const subscription = this.log.subscribe({
        fromPosition: position,
        onUnreadable: (error) => this.refuseUnreadable(error),
      });
      this.closeSubscription = () => subscription.close();
      try {
        for await (const event of subscription) {
          if (this.stopped || this.failed) break;
          this.follow(event);
          position = event.position;
          if (
            this.pendingEvents >= (this.options.maxEvents ?? 10_000) ||
            this.pending.size >= (this.options.maxStreams ?? 1_000)
          )
            await this.cut();
        }
        return;
      } catch (error) {
        await subscription.close();
        if (this.stopped) return;
        if (!isStorageUnavailable(error)) {
          this.fail(error as Error);
          return;
        }
        this.storageFailed(error as Error);
        await this.pause();
      }
    }
  }

  /** A damaged event: reported, and its stream is signed no further (its head cannot be known). */
  private refuseUnreadable(error: CorruptEventError): void {
    if (error.position !== undefined) this.position = error.position;
    if (this.refused.has(error.stream)) return;
    this.refused.add(error.stream);
    this.pending.delete(error.stream);
    this.options.onError?.(
      new Error(`${error.message}; stream ${error.stream} is no longer signed`, { cause: error }),
    );
  }

  private storageFailed(error: Error): void {
    const now = Date.now();
    const failing = this.storageFailing;
    const delayMs = failing ? Math.min(failing.delayMs * 2, 30_000) : (this.options.retryMs ?? 1000);
    this.storageFailing = { since: failing?.since ?? now, retryAt: now + delayMs, delayMs };
    if (!failing) this.options.onError?.(error);
  }

  private storageWorks(): void {
    if (!this.storageFailing) return;
    this.storageFailing = undefined;
    this.options.onRecovered?.();
  }

  private pause(): Promise<void> {
    const wait = Math.max(0, (this.storageFailing?.retryAt ?? Date.now()) - Date.now());
    return new Promise((resolve) => setTimeout(resolve, wait).unref());
  }

  private follow(event: RecordedEvent): void {
    if (event.stream === CHECKPOINT_STREAM) return;
    this.position = event.position;
    if (this.refused.has(event.stream)) return;
    const known = this.pending.get(event.stream) ?? this.chain.headOf(event.stream);
    const revision = known ? known.revision + 1 : 0;
    const prevHash = known?.hash ?? GENESIS_HASH;
    const { hash, prevHash: storedPrevHash } = event.metadata;
    if (event.revision !== revision || storedPrevHash !== prevHash) {
      this.refused.add(event.stream);
      this.options.onError?.(
        new Error(
          `stream ${event.stream}: revision ${event.revision} does not extend its signed head (revision ${revision - 1}); it was changed in the database, and is no longer signed`,
        ),
      );
      return;
    }
    this.pending.set(event.stream, { stream: event.stream, revision, hash });
    this.pendingEvents += 1;
  }

  /**
   * Signs and appends a checkpoint over what changed since the last one (nothing when nothing did). Never
   * rejects: a failure is reported to `onError` and the heads wait for the next one.
   */
  cut(): Promise<void> {
    this.cutting = this.cutting
      .then(() => this.cutNow())
      .catch((error: unknown) => this.options.onError?.(error as Error));
    return this.cutting;
  }

  private async cutNow(): Promise<void> {
    if (this.pending.size === 0 || this.position === undefined || this.failed) return;
    // Storage failed a moment ago: the heads wait until the pause is over (a stop tries once more).
    if (this.storageFailing && Date.now() < this.storageFailing.retryAt && !this.stopped) return;
    const heads = [...this.pending.values()];
    this.pending = new Map();
    this.pendingEvents = 0;
    const next = this.chain.next(heads, this.position, (this.options.now ?? (() => new Date()))());
    const seq = next.checkpoint.statement.seq;
    try {
      await this.log.appendToStream(
        CHECKPOINT_STREAM,
        [
          {
            type: 'LogCheckpointSigned',
            data: next.data,
            metadata: {
              correlationId: `checkpoint:${seq}`,
              causationId: `checkpoint:${seq}`,
              actor: 'system:checkpoints',
              occurredAt: next.checkpoint.statement.signedAt,
              schemaVersion: 1,
            },
          },
        ],
        { expectedRevision: seq === 1 ? 'no_stream' : seq - 2 },
      );
    } catch (error) {
      next.undo();
      if (error instanceof WrongExpectedRevisionError) {
        this.fail(new Error('another process appended a checkpoint: only one checkpoint writer may run'));
        return;
      }
      // Not signed this time: its heads wait for the next checkpoint.
      for (const head of heads) if (!this.pending.has(head.stream)) this.pending.set(head.stream, head);
      if (isStorageUnavailable(error)) this.storageFailed(error as Error);
      else this.options.onError?.(error as Error);
      return;
    }
    try {
      writeHeadFile(this.options.headFile, next.checkpoint);
    } catch (error) {
      // The checkpoint is in the log; the head file outside it stays at the previous one (still valid: it
      // only may not be ahead of the log) and is written again with the next checkpoint.
      rmSync(`${this.options.headFile}.${process.pid}.tmp`, { force: true });
      if (isStorageUnavailable(error)) this.storageFailed(error as Error);
      else this.options.onError?.(error as Error);
      return;
    }
    this.storageWorks();
  }

  /** The position of the last event followed (undefined before the first). */
  get followed(): string | undefined {
    return this.position;
  }

  private fail(error: Error): void {
    this.failed ??= error;
    this.options.onError?.(error);
  }

  /** Stops following the log and signs a last checkpoint over what it had followed. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.closeSubscription?.();
    await this.running;
    await this.cut();
  }
}

/** The writer of this DATA_DIR's key and head file, started; problems go to `onError`. */
export async function startCheckpointWriter(
  log: EventLog,
  config: { dataDir: string; checkpointSigningKey: string | undefined; checkpointIntervalSeconds: number },
  onError: (error: Error) => void,
  onRecovered?: () => void,
): Promise<CheckpointWriter> {
  const keys = loadCheckpointKeys({ dataDir: config.dataDir, signingKey: config.checkpointSigningKey });
  const writer = new CheckpointWriter(log, keys, {
    headFile: checkpointHeadFile(config.dataDir),
    intervalMs: config.checkpointIntervalSeconds * 1000,
    onError,
    ...(onRecovered ? { onRecovered } : {}),
  });
  await writer.start();
  return writer;
}
