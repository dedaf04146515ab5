import {
  type CorruptEventError,
  type EventLog,
  followLog,
  type Position,
  type ReadModelStore,
  type RecordedEvent,
  START,
} from '@tickwise/platform';

/**
 * A process manager reacts to events by issuing commands (e.g. a regulatory warning after a risk
 * assessment). Its reaction must be idempotent (deterministic command ids), because after a crash the
 * events since its last checkpoint are delivered again.
 */
export interface ProcessManager {
  name: string;
  handles: readonly string[];
  react(event: RecordedEvent): Promise<void>;
}

export const processCheckpoint = (name: string) => `process:${name}`;

/**
 * Follows the log from the manager's checkpoint; the checkpoint moves on only after a reaction succeeded.
 * Nothing stops it but `stop()`: a failure (storage full or unreachable) is reported once per episode and the
 * manager starts again from its checkpoint after a pause (its reactions are idempotent); a stored event that
 * cannot be read is reported and skipped.
 */
export class ProcessManagerRunner {
  private readonly stopping = new AbortController();
  private running: Promise<void> | undefined;

  constructor(
    private readonly context: { log: EventLog; store: ReadModelStore },
    readonly manager: ProcessManager,
    private readonly options: {
      onError?: (error: unknown, event: RecordedEvent | undefined) => void;
      /** A failure reported to `onError` is over: the manager moves on again. */
      onRecovered?: () => void;
      /** A stored event that cannot be read, skipped. */
      onUnreadable?: (error: CorruptEventError) => void;
      retryMs?: number;
    } = {},
  ) {}

  start(): void {
    this.running ??= this.loop();
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.running;
  }

  private async saveCheckpoint(position: Position) {
    await this.context.store.commit([], { name: processCheckpoint(this.manager.name), position });
  }

  private async loop(): Promise<void> {
    const { signal } = this.stopping;
    let failing = false;
    const failed = (error: unknown, event: RecordedEvent | undefined) => {
      if (!failing) this.options.onError?.(error, event);
      failing = true;
    };
    const recovered = () => {
      if (failing) this.options.onRecovered?.();
      failing = false;
    };
    const pause = () =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.options.retryMs ?? 1000);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    while (!signal.aborted) {
      try {
        await this.follow(failed, recovered, pause);
        return;
      } catch (error) {
        if (signal.aborted) return;
        failed(error, undefined);
        await pause();
      }
    }
  }

  private async follow(
    failed: (error: unknown, event: RecordedEvent) => void,
    recovered: () => void,
    pause: () => Promise<void>,
  ): Promise<void> {
    const { log, store } = this.context;
    const { signal } = this.stopping;
    const handles = new Set(this.manager.handles);
    const from = (await store.getCheckpoint(processCheckpoint(this.manager.name)))?.position ?? START;
    let unsaved = 0;
    const options = {
      from,
      signal,
      ...(this.options.onUnreadable ? { onUnreadable: this.options.onUnreadable } : {}),
    };
    await followLog(log, options, async ([event]) => {
      if (!event) return 'continue';
      if (!handles.has(event.type)) {
        // Skipped events move the checkpoint now and then, not on every event.
        if (++unsaved >= 500) {
          await this.saveCheckpoint(event.position);
          recovered();
          unsaved = 0;
        }
        return 'continue';
      }
      for (;;) {
        try {
          await this.manager.react(event);
          break;
        } catch (error) {
          failed(error, event);
          if (signal.aborted) return 'end';
          await pause();
        }
      }
      await this.saveCheckpoint(event.position);
      recovered();
      unsaved = 0;
      return 'continue';
    });
  }
}
