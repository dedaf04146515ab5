import type {
  CorruptEventError,
  EventLog,
  PersonalDataWanted,
  Position,
  RecordedEvent,
  TaggedEvent,
} from './port';

export interface FollowLogOptions {
  /** Exclusive: the first event handed over is the one after this position. */
  from: Position;
  /** Aborting closes the subscription: the follow ends without handing over anything more. */
  signal: AbortSignal;
  /** The most events handed over at once (default 1). */
  batchSize?: number;
  /** When set, an idle log hands over an empty batch after this long, so the caller can look around. */
  idleMs?: number;
  /** Whether personal fields are opened (see `ReadAllOptions.personalData`). */
  personalData?: PersonalDataWanted;
  /** A stored event that cannot be read is reported here and skipped (see `SubscribeOptions`). */
  onUnreadable?: (error: CorruptEventError) => void;
}

const TICK = Symbol('tick');

/**
 * Follows the log after `from` (what is stored, then live events), handing over the events that are ready in
 * batches, one batch at a time. It ends when `signal` aborts, when the subscription ends, or when the handler
 * answers 'end'. A batch is handed over whole or not at all, so a caller that checkpoints after each batch
 * resumes exactly where it stopped. Between batches the process gets a turn of its event loop.
 */
export async function followLog<E extends TaggedEvent>(
  log: EventLog<E>,
  options: FollowLogOptions,
  onBatch: (events: RecordedEvent<E>[]) => Promise<'continue' | 'end'>,
): Promise<void> {
  const { signal } = options;
  if (signal.aborted) return;
  const batchSize = Math.max(1, options.batchSize ?? 1);
  const subscription = log.subscribe({
    fromPosition: options.from,
    ...(options.personalData === undefined ? {} : { personalData: options.personalData }),
    ...(options.onUnreadable ? { onUnreadable: options.onUnreadable } : {}),
  });
  const close = () => void subscription.close();
  signal.addEventListener('abort', close, { once: true });
  const iterator = subscription[Symbol.asyncIterator]();
  let pending = iterator.next();
  try {
    while (!signal.aborted) {
      const batch: RecordedEvent<E>[] = [];
      let timer: NodeJS.Timeout | undefined;
      const idle =
        options.idleMs === undefined
          ? undefined
          : new Promise<typeof TICK>((resolve) => {
              timer = setTimeout(() => resolve(TICK), options.idleMs);
            });
      let next = await (idle ? Promise.race([pending, idle]) : pending);
      clearTimeout(timer);
      if (next !== TICK) {
        // Take what is ready now, without waiting for more.
        const ready = new Promise<typeof TICK>((resolve) => setImmediate(() => resolve(TICK)));
        while (next !== TICK && !next.done) {
          batch.push(next.value);
          pending = iterator.next();
          if (batch.length >= batchSize) break;
          next = await Promise.race([pending, ready]);
        }
        if (next !== TICK && next.done) return;
      }
      if ((await onBatch(batch)) === 'end') return;
      // A turn of the event loop between batches: an embedded log reads synchronously, so catching up a
      // backlog would otherwise hold the loop (and every request of the process) until it was done.
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    signal.removeEventListener('abort', close);
    await subscription.close();
  }
}
