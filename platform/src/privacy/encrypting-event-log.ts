import { type DomainEvent, isEventType, type PersonalFieldTable } from '@tickwise/contracts';
import { checkAppend, type EventCatalog } from '../eventlog/decode';
import {
  type AppendResult,
  CorruptEventError,
  type EventLog,
  type ExpectedRevision,
  InvalidEventError,
  type NewEvent,
  type PersonalDataWanted,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
  type TaggedEvent,
} from '../eventlog/port';
import type { DataKeys, KeyLookup } from './data-keys';
import { isSealed, keyIdOf, placeOf, seal, UnsealError, unseal } from './sealed-field';

export interface EncryptionOptions<E extends TaggedEvent> {
  /** The events the log holds, checked in the clear before anything is sealed. */
  events: EventCatalog<E>;
  /** Event type → its personal fields → what each reads as once erased. */
  fields: PersonalFieldTable;
  /** Whose data an event's personal fields are (whose key seals them). */
  subjectOf: (stream: string, data: unknown) => string | undefined;
  /**
   * Whose keys an event's erasure destroys: on reading it, the layer drops them from memory and asks the key
   * store again, so an erasure made elsewhere takes effect here at once.
   */
  erasedSubjectsOf?: (stream: string, type: string, data: unknown) => readonly string[];
}

/**
 * An event as read through the layer: the stored event with its personal fields opened (or erased). The
 * metadata stays the stored event's own, read on demand (replays mostly never touch it).
 */
class OpenedEvent implements RecordedEvent<TaggedEvent> {
  readonly eventId: string;
  readonly stream: string;
  readonly revision: number;
  readonly type: string;
  readonly position: string;
  constructor(
    private readonly stored: RecordedEvent<TaggedEvent>,
    readonly data: unknown,
  ) {
    this.eventId = stored.eventId;
    this.stream = stored.stream;
    this.revision = stored.revision;
    this.type = stored.type;
    this.position = stored.position;
  }
  get metadata() {
    return this.stored.metadata;
  }
  toJSON() {
    const { eventId, stream, revision, type, data, metadata, position } = this;
    return { eventId, stream, revision, type, data, metadata, position };
  }
}

/**
 * Crypto-shredding above any event log adapter: on append the personal fields of each event (the field
 * table) are sealed under their data subject's key before the adapter hashes and stores them; on read they
 * are opened while the key exists and read as their erased value once it is destroyed. Chain verification
 * and signed checkpoints work on the stored form, so they never need a key.
 */
export class EncryptingEventLog<E extends TaggedEvent> implements EventLog<E> {
  constructor(
    /** The adapter below: what it stores is the sealed form. */
    readonly stored: EventLog<TaggedEvent>,
    readonly keys: DataKeys,
    private readonly options: EncryptionOptions<E>,
  ) {}

  async appendToStream(
    stream: string,
    events: readonly NewEvent<E>[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    checkAppend(this.options.events, stream, events);
    const sealed: NewEvent<TaggedEvent>[] = [];
    for (const event of events) sealed.push(await sealPersonalFields(this.keys, this.options, stream, event));
    return this.stored.appendToStream(stream, sealed, options);
  }

  async readStream(stream: string, options?: ReadStreamOptions): Promise<RecordedEvent<E>[]> {
    return this.open(await this.stored.readStream(stream, options));
  }

  async *readAll(options: ReadAllOptions<E['type']> = {}): AsyncIterable<RecordedEvent<E>[]> {
    const batches = this.stored.readAll(options);
    if (options.personalData === false) {
      yield* batches as AsyncIterable<RecordedEvent<E>[]>;
      return;
    }
    const opened = openedTypes(options.personalData);
    for await (const batch of batches) yield await this.open(batch, opened);
  }

  subscribe(options: SubscribeOptions): Subscription<E> {
    const inner = this.stored.subscribe(options);
    if (options.personalData === false) return inner as Subscription<E>;
    const types = openedTypes(options.personalData);
    const open = (event: RecordedEvent<TaggedEvent>) => this.open([event], types).then(([opened]) => opened);
    return {
      close: () => inner.close(),
      async *[Symbol.asyncIterator]() {
        for await (const event of inner) {
          const opened = await open(event);
          if (opened) yield opened;
        }
      },
    };
  }

  headPosition() {
    return this.stored.headPosition();
  }

  /** Whether the stream's data subject (told by its name) still has a key: false once they are erased. */
  async personalDataOpens(stream: string): Promise<boolean> {
    const subject = this.options.subjectOf(stream, undefined);
    return subject !== undefined && (await this.keys.isLive(subject));
  }

  verifyStream(stream: string) {
    return this.stored.verifyStream(stream);
  }

  get probeWrite(): (() => Promise<void>) | undefined {
    const probe = this.stored.probeWrite;
    return probe && (() => probe.call(this.stored));
  }

  private readonly closeListeners: Array<() => void> = [];

  onClose(listener: () => void): void {
    this.closeListeners.push(listener);
  }

  async close(): Promise<void> {
    try {
      await this.stored.close();
    } finally {
      for (const listener of this.closeListeners.splice(0)) listener();
    }
  }

  /**
   * Opens the personal fields of a batch (of the event types in `types`, when given: the others stay
   * sealed); the keys it needs are looked up once each.
   */
  private async open(
    events: readonly RecordedEvent<TaggedEvent>[],
    types?: ReadonlySet<string>,
  ): Promise<RecordedEvent<E>[]> {
    const fieldsOf = (type: string) => (types && !types.has(type) ? undefined : this.options.fields[type]);
    const erasedSubjectsOf = this.options.erasedSubjectsOf;
    if (erasedSubjectsOf)
      for (const event of events)
        for (const subject of erasedSubjectsOf(event.stream, event.type, event.data))
          this.keys.forget(subject);
    const keyIds = new Set<string>();
    for (const event of events) {
      const fields = fieldsOf(event.type);
      if (!fields) continue;
      const data = event.data as Record<string, unknown>;
      for (const field in fields) {
        const value = data[field];
        if (!isSealed(value)) continue;
        const keyId = keyIdOf(value);
        if (keyId !== undefined) keyIds.add(keyId);
      }
    }
    const keys = keyIds.size === 0 ? new Map<string, KeyLookup>() : await this.keys.lookupMany(keyIds);
    if (keys.size === 0) return events as RecordedEvent<E>[];
    return events.map((event) => {
      const fields = fieldsOf(event.type);
      if (!fields) return event as RecordedEvent<E>;
      const data = { ...(event.data as Record<string, unknown>) };
      for (const [field, erased] of Object.entries(fields)) {
        const value = data[field];
        if (!isSealed(value)) continue;
        const key = keys.get(keyIdOf(value) ?? '');
        if (key === undefined)
          throw new CorruptEventError(event.stream, event.revision, 'a sealed field is malformed');
        try {
          data[field] =
            key === 'destroyed' ? erased : unseal(key, placeOf(event.stream, event.type, field), value);
        } catch (error) {
          if (error instanceof UnsealError)
            throw new CorruptEventError(event.stream, event.revision, error.message);
          throw error;
        }
      }
      return new OpenedEvent(event, data) as unknown as RecordedEvent<E>;
    });
  }
}

/** The event types whose personal fields a reader wants opened; undefined for all. */
const openedTypes = (wanted: PersonalDataWanted | undefined): ReadonlySet<string> | undefined =>
  Array.isArray(wanted) ? new Set(wanted) : undefined;

/**
 * Seals an event's personal fields (the field table) under its data subject's key. The layer seals every
 * listed field, whatever it holds; a log migration copying a log that was partly sealed already passes
 * `{ keepSealed: true }` to leave such fields as they are.
 */
export async function sealPersonalFields<E extends TaggedEvent>(
  keys: DataKeys,
  options: Pick<EncryptionOptions<E>, 'fields' | 'subjectOf'>,
  stream: string,
  event: NewEvent<E>,
  { keepSealed = false }: { keepSealed?: boolean } = {},
): Promise<NewEvent<TaggedEvent>> {
  const fields = options.fields[event.type];
  if (!fields) return event;
  const data = { ...(event.data as Record<string, unknown>) };
  const present = Object.keys(fields).filter(
    (field) => data[field] !== undefined && !(keepSealed && isSealed(data[field])),
  );
  if (present.length === 0) return event;
  const subject = options.subjectOf(stream, data);
  if (subject === undefined) {
    throw new InvalidEventError(stream, event.type, 'it holds personal data but names no data subject');
  }
  const { keyId, key } = await keys.keyFor(subject);
  for (const field of present)
    data[field] = seal(key, keyId, placeOf(stream, event.type, field), data[field]);
  return { ...event, data };
}

/**
 * What the adapter below the layer accepts: known event types whose personal fields, where present, are
 * sealed. The codecs were checked in the clear above; here nothing personal may arrive in the clear.
 * (Typed as the product's events: a sealed field is a string where the event may say otherwise.)
 */
export function sealedEvents(fields: PersonalFieldTable): EventCatalog<DomainEvent> {
  return {
    invalid(event) {
      if (!isEventType(event.type)) return `${event.type} is not a known event type`;
      const personal = fields[event.type];
      if (!personal) return undefined;
      const data = event.data as Record<string, unknown>;
      const clear = Object.keys(personal).find(
        (field) => data[field] !== undefined && !isSealed(data[field]),
      );
      return clear === undefined ? undefined : `${clear}: personal data must be sealed before it is stored`;
    },
    isKnown: isEventType,
  };
}
