import {
  type EventLog,
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

/** Follows the log from the manager's checkpoint; the checkpoint moves on only after a reaction succeeded. */
export class ProcessManagerRunner {
  private stopped = false;
  private running: Promise<void> | undefined;
  private closeSubscription: (() => Promise<void>) | undefined;

  constructor(
    private readonly context: { log: EventLog; store: ReadModelStore },
    readonly manager: ProcessManager,
    private readonly options: {
      onError?: (error: unknown, event: RecordedEvent) => void;
      retryMs?: number;
    } = {},
  ) {}

  start(): void {
    this.running ??= this.loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.closeSubscription?.();
    await this.running;
  }

  private async saveCheckpoint(position: Position) {
    await this.context.store.commit([], { name: processCheckpoint(this.manager.name), position });
  }

  private async loop(): Promise<void> {
    const { log, store } = this.context;
    const handles = new Set(this.manager.handles);
    const from = (await store.getCheckpoint(processCheckpoint(this.manager.name)))?.position ?? START;
    const subscription = log.subscribe({ fromPosition: from });
    this.closeSubscription = () => subscription.close();
    // stop() may have been called while the checkpoint was being read, before there was anything to close.
    if (this.stopped) {
      await subscription.close();
      return;
    }
    let unsaved = 0;
    for await (const event of subscription) {
      if (this.stopped) break;
      if (!handles.has(event.type)) {
        // Skipped events move the checkpoint now and then, not on every event.
        if (++unsaved >= 500) {
          await this.saveCheckpoint(event.position);
          unsaved = 0;
        }
        continue;
      }
      for (;;) {
        try {
          await this.manager.react(event);
          break;
        } catch (error) {
          this.options.onError?.(error, event);
          if (this.stopped) return;
          await new Promise((resolve) => setTimeout(resolve, this.options.retryMs ?? 1000));
        }
      }
      await this.saveCheckpoint(event.position);
      unsaved = 0;
    }
  }
}
