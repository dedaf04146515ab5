import {
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

/** Follows the log from the manager's checkpoint; the checkpoint moves on only after a reaction succeeded. */
export class ProcessManagerRunner {
  private readonly stopping = new AbortController();
  private running: Promise<void> | undefined;

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
    this.stopping.abort();
    await this.running;
  }

  private async saveCheckpoint(position: Position) {
    await this.context.store.commit([], { name: processCheckpoint(this.manager.name), position });
  }

  private async loop(): Promise<void> {
    const { log, store } = this.context;
    const { signal } = this.stopping;
    const handles = new Set(this.manager.handles);
    const from = (await store.getCheckpoint(processCheckpoint(this.manager.name)))?.position ?? START;
    let unsaved = 0;
    await followLog(log, { from, signal }, async ([event]) => {
      if (!event) return 'continue';
      if (!handles.has(event.type)) {
        // Skipped events move the checkpoint now and then, not on every event.
        if (++unsaved >= 500) {
          await this.saveCheckpoint(event.position);
          unsaved = 0;
        }
        return 'continue';
      }
      for (;;) {
        try {
          await this.manager.react(event);
          break;
        } catch (error) {
          this.options.onError?.(error, event);
          if (signal.aborted) return 'end';
          await new Promise((resolve) => setTimeout(resolve, this.options.retryMs ?? 1000));
        }
      }
      await this.saveCheckpoint(event.position);
      unsaved = 0;
      return 'continue';
    });
  }
}
