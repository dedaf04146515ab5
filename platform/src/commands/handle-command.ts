import type { DomainEvent } from '@tickwise/contracts';
import { commandEventId } from '../eventlog/ids';
import {
  type EventLog,
  type EventMetadata,
  type NewEvent,
  type Position,
  WrongExpectedRevisionError,
} from '../eventlog/port';
import type { Decider, Recorder } from './decider';
import { CommandRefused } from './domain-error';
import {
  eventById,
  extend,
  forget,
  historyOf,
  type LoadedStream,
  loadStream,
  positionAt,
  remember,
  type WithEventId,
} from './stream-memory';

/** Counts the events appended, by type (the service's metrics registry has one). */
export interface AppendCounter {
  inc(labels: { type: string }): void;
}

export interface CommandDeps {
  log: EventLog;
  metrics?: { eventsAppended: AppendCounter };
  now?: () => Date;
}

/** A domain event with the id it is recorded under (the id a route answers as a record's id). */
export type { WithEventId } from './stream-memory';

export interface CommandOutcome<S, E extends DomainEvent> {
  /** The state after the command (or the current state when it appended nothing). */
  state: S;
  /** The events this command appended, or — for a repeated command — the ones it appended the first time. */
  events: WithEventId<E>[];
  /**
   * The whole stream after the command, oldest first: a command that changes nothing (acknowledging again)
   * answers the record already there without reading the stream twice. Copied when read, not before.
   */
  readonly history: readonly WithEventId<E>[];
  /** Commit position of the last event appended by this command (absent when it appended nothing). */
  position: Position | undefined;
  /** True when the same command id had already been handled: nothing was appended again. */
  repeated: boolean;
}

export interface CommandRequest<C> {
  stream: string;
  command: C;
  /** Stable per command: the same id appends once (deterministic event ids). */
  commandId: string;
  actor: string;
  correlationId: string;
}

/** The metadata of every event a command appends: who, when, and the request and command behind it. */
export const commandMetadata = (
  request: Omit<CommandRequest<unknown>, 'stream' | 'command'>,
  occurredAt: string,
): EventMetadata => ({
  correlationId: request.correlationId,
  causationId: request.commandId,
  actor: request.actor,
  occurredAt,
  schemaVersion: 1,
});

/** No command appends more events than this; it bounds the ids checked for a repeated command. */
const MAX_EVENTS_PER_COMMAND = 16;

/** Per log, the tail of each stream's queue of commands in this process. */
const queues = new WeakMap<EventLog, Map<string, Promise<void>>>();

/**
 * Runs `work` after every earlier command on `stream` in this process has finished: one learner's
 * independent writes (two tabs, a client firing requests at once) then never conflict with each other, and
 * none pays for a replay it would lose. Streams are independent; the map forgets a stream whose queue is empty.
 */
function afterEarlierCommands<T>(log: EventLog, stream: string, work: () => Promise<T>): Promise<T> {
  let streams = queues.get(log);
  if (!streams) {
    streams = new Map();
    queues.set(log, streams);
  }
  const queue = streams;
  const run = (queue.get(stream) ?? Promise.resolve()).then(work);
  const tail = run.then(
    () => undefined,
    () => undefined,
  );
  queue.set(stream, tail);
  void tail.then(() => {
    if (queue.get(stream) === tail) queue.delete(stream);
  });
  return run;
}

/** A conflict with another process: wait a little, longer each time and at random, before trying again. */
const backOff = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * 4 * 2 ** attempt));

/**
 * Load → decide → append with the expected revision. Commands on one stream take turns within the process;
 * a conflict with another process loads again and decides again after a jittered back-off (a few times).
 * A command id seen before in the stream answers its original events.
 */
export function handleCommand<C, S, E extends DomainEvent>(
  deps: CommandDeps,
  decider: Decider<C, S, E>,
  request: CommandRequest<C>,
  maxAttempts = 8,
): Promise<CommandOutcome<S, E>> {
  return afterEarlierCommands(deps.log, request.stream, () =>
    decideAndAppend(deps, decider, request, maxAttempts),
  );
}

/** What recording a command appended: its events (none if the recorder decided none). */
export interface RecordOutcome<E extends DomainEvent> {
  events: WithEventId<E>[];
  /** Commit position of the last event appended (absent when nothing was). */
  position: Position | undefined;
}

/**
 * Decide → append after whatever the stream holds, for a recorder: the stream is neither read nor checked, so
 * recording costs the same on a long stream as on a new one, and commands on a stream need not take turns.
 */
export async function recordCommand<C, E extends DomainEvent>(
  deps: CommandDeps,
  recorder: Recorder<C, E>,
  request: CommandRequest<C>,
): Promise<RecordOutcome<E>> {
  const decision = recorder.decide(request.command);
  if (!decision.ok) throw new CommandRefused(decision.error);
  if (decision.events.length === 0) return { events: [], position: undefined };
  const { appended, newEvents } = commandEvents(deps, request, decision.events);
  const result = await deps.log.appendToStream(request.stream, newEvents, { expectedRevision: 'any' });
  for (const event of decision.events) deps.metrics?.eventsAppended.inc({ type: event.type });
  return { events: appended, position: result.position };
}

/** The key a command's event ids are made from: one command's events on two streams never collide. */
const commandKeyOf = (request: CommandRequest<unknown>) => `${request.commandId}@${request.stream}`;

/**
 * A command's decided events as they are appended: each with its id (from the command and the stream; the
 * first one's may be given, worked out already) and the command's metadata.
 */
function commandEvents<E extends DomainEvent>(
  deps: CommandDeps,
  request: CommandRequest<unknown>,
  decided: readonly E[],
  firstEventId = commandEventId(commandKeyOf(request), 0),
): { appended: WithEventId<E>[]; newEvents: NewEvent[] } {
  if (decided.length > MAX_EVENTS_PER_COMMAND) throw new Error('a command may append at most 16 events');
  const commandKey = commandKeyOf(request);
  const occurredAt = (deps.now?.() ?? new Date()).toISOString();
  const appended = decided.map((event, index) => ({
    ...event,
    eventId: index === 0 ? firstEventId : commandEventId(commandKey, index),
  }));
  const metadata = commandMetadata(request, occurredAt);
  const domain: readonly DomainEvent[] = decided;
  const newEvents: NewEvent[] = domain.map((event, index) => ({
    ...event,
    eventId: appended[index]?.eventId,
    metadata,
  }));
  return { appended, newEvents };
}

/**
 * The indexes of the events a command appended earlier (none when it is new). A command's events are
 * appended together, so they follow one another from its first event id.
 */
function eventsOfCommand(
  loaded: LoadedStream<unknown, DomainEvent>,
  commandKey: string,
  firstId: string,
): number[] {
  const first = eventById(loaded, firstId)?.index;
  if (first === undefined) return [];
  const found = [first];
  while (
    found.length < MAX_EVENTS_PER_COMMAND &&
    eventById(loaded, commandEventId(commandKey, found.length))?.index === first + found.length
  )
    found.push(first + found.length);
  return found;
}

async function decideAndAppend<C, S, E extends DomainEvent>(
  deps: CommandDeps,
  decider: Decider<C, S, E>,
  request: CommandRequest<C>,
  maxAttempts: number,
): Promise<CommandOutcome<S, E>> {
  for (let attempt = 1; ; attempt++) {
    const loaded = await loadStream(deps.log, decider, request.stream);
    const { state } = loaded;
    const commandKey = commandKeyOf(request);
    // The first event's id is worked out once: it finds a repeated command, and names a new one's first event.
    const firstEventId = commandEventId(commandKey, 0);
    const previous = eventsOfCommand(loaded, commandKey, firstEventId);
    if (previous.length > 0) {
      return {
        state,
        events: previous.map((index) => loaded.tape.events[index] as WithEventId<E>),
        get history() {
          return historyOf(loaded);
        },
        position: positionAt(loaded, previous[previous.length - 1] ?? -1),
        repeated: true,
      };
    }
    const decision = decider.decide(request.command, state);
    if (!decision.ok) throw new CommandRefused(decision.error);
    if (decision.events.length === 0) {
      return {
        state,
        events: [],
        get history() {
          return historyOf(loaded);
        },
        position: undefined,
        repeated: false,
      };
    }
    const { appended, newEvents } = commandEvents(deps, request, decision.events, firstEventId);
    try {
      const result = await deps.log.appendToStream(request.stream, newEvents, {
        expectedRevision: loaded.revision ?? 'no_stream',
      });
      for (const event of decision.events) deps.metrics?.eventsAppended.inc({ type: event.type });
      const after = extend(
        decider,
        loaded,
        appended,
        appended.map((_, index) => (index === appended.length - 1 ? result.position : undefined)),
      );
      remember(deps.log, decider, request.stream, after);
      return {
        state: after.state,
        events: appended,
        get history() {
          return historyOf(after);
        },
        position: result.position,
        repeated: false,
      };
    } catch (error) {
      // Another process wrote first: what this one kept of the stream is behind.
      forget(deps.log, decider, request.stream);
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= maxAttempts) throw error;
      await backOff(attempt);
    }
  }
}
