import { type DomainEvent, decodeEvent, isEventType, isLeft } from '@tickwise/contracts';
import {
  CorruptEventError,
  InvalidEventError,
  type NewEvent,
  type RecordedEvent,
  type TaggedEvent,
} from './port';

/** The events a log holds: how an append is checked and how a stored type tag is recognised. */
export interface EventCatalog<E extends TaggedEvent> {
  /** Why `event` may not be appended, or undefined when it may. */
  invalid(event: TaggedEvent): string | undefined;
  isKnown(type: string): type is E['type'];
}

/** The product's events: each checked against its io-ts codec when appended. */
export const domainEvents: EventCatalog<DomainEvent> = {
  invalid(event) {
    const decoded = decodeEvent(event.type, event.data);
    return isLeft(decoded) ? decoded.left : undefined;
  },
  isKnown: isEventType,
};

/** Any type and any data: for tests of the storage itself, which know nothing of the domain. */
export const anyEvents: EventCatalog<TaggedEvent> = {
  invalid: () => undefined,
  isKnown: (type): type is string => true,
};

/** Refuses the whole append when one of its events does not match its codec (nothing is written). */
export function checkAppend<E extends TaggedEvent>(
  catalog: EventCatalog<E>,
  stream: string,
  events: readonly NewEvent<E>[],
): void {
  for (const event of events) {
    const reason = catalog.invalid(event);
    if (reason !== undefined) throw new InvalidEventError(stream, event.type, reason);
  }
}

/**
 * A stored event as the union `E`, typed by its tag alone. The data is not decoded again: its codec
 * checked it on append (`checkAppend`), io-ts would cost a rebuild about a third of its speed, and the
 * hash chain covers the data exactly as stored.
 */
export function typedByTag<E extends TaggedEvent>(
  catalog: EventCatalog<E>,
  event: RecordedEvent<TaggedEvent>,
): RecordedEvent<E> {
  if (!catalog.isKnown(event.type)) {
    throw new CorruptEventError(event.stream, event.revision, `${event.type} is not a known event type`);
  }
  return event as RecordedEvent<E>;
}
