import type { SignedStreamHead } from '@tickwise/contracts';
import { GENESIS_HASH } from '../eventlog/hash-chain';
import { type EventLog, type RecordedEvent, START, WrongExpectedRevisionError } from '../eventlog/port';
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
  /** Problems worth an operator's attention: tampering seen, a refused start, a failed append. */
  onError?: (error: Error) => void;
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
    const subscription = this.log.subscribe({ fromPosition: view.checkpoint?.statement.position ?? START });
    this.closeSubscription = () => subscription.close();
    if (this.options.intervalMs > 0) {
      this.timer = setInterval(() => {
        if (this.pending.size > 0) void this.cut();
      }, this.options.intervalMs);
      this.timer.unref();
    }
    this.running = (async () => {
      for await (const event of subscription) {
        if (this.stopped || this.failed) break;
        this.follow(event);
        if (
          this.pendingEvents >= (this.options.maxEvents ?? 10_000) ||
          this.pending.size >= (this.options.maxStreams ?? 1_000)
        )
          await this.cut();
      }
    })().catch((error: unknown) => this.fail(error as Error));
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

  /** Signs and appends a checkpoint over what changed since the last one (nothing when nothing did). */
  cut(): Promise<void> {
    this.cutting = this.cutting.then(() => this.cutNow());
    return this.cutting;
  }

  private async cutNow(): Promise<void> {
    if (this.pending.size === 0 || this.position === undefined || this.failed) return;
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
      this.options.onError?.(error as Error);
      return;
    }
    writeHeadFile(this.options.headFile, next.checkpoint);
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
): Promise<CheckpointWriter> {
  const keys = loadCheckpointKeys({ dataDir: config.dataDir, signingKey: config.checkpointSigningKey });
  const writer = new CheckpointWriter(log, keys, {
    headFile: checkpointHeadFile(config.dataDir),
    intervalMs: config.checkpointIntervalSeconds * 1000,
    onError,
  });
  await writer.start();
  return writer;
}
