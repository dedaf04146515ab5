/**
 * Which fields of which events are personal data (docs/security/personal-data.md): the encryption layer seals
 * exactly these under their data subject's key, and reads give the erased value once that key is destroyed.
 * Everything not listed stays in the clear, so projections that read no personal field never decrypt.
 */
import * as t from 'io-ts';
import { type EventData, type EventType, eventCodecs } from './events';
import { parseStream } from './streams';

/** What a personal text field reads as once its learner is erased. */
export const ERASED = '(erased)';

type ErasedValues = { readonly [K in EventType]?: Readonly<Partial<EventData<K>>> };

/** Each event type's personal fields and the value each reads as after erasure (same type as the field). */
export const personalFields = {
  UserRegistered: { email: ERASED, firstName: ERASED, lastName: ERASED },
  EmailReserved: { email: ERASED, passwordHash: ERASED },
  LoginSucceeded: { ip: ERASED, userAgent: ERASED },
  LoginFailed: { ip: ERASED, userAgent: ERASED },
  DocumentAcknowledged: { ip: ERASED, userAgent: ERASED },
  RiskAssessed: { annualIncome: null, netWorth: null },
  PsychologyAssessmentCompleted: { responses: [] },
  CertificateIssued: { recipientName: ERASED, identityHash: ERASED },
  CertificateNameChosen: { recipientName: ERASED },
} as const satisfies ErasedValues;

/** The event types that hold personal fields. */
export type PersonalEventType = keyof typeof personalFields;

/** The table as the encryption layer reads it: event type → field → erased value. */
export type PersonalFieldTable = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

/**
 * Whose data an event's personal fields are: the learner of a `user-`, `learning-`, `compliance-` or
 * `psychology-` stream; the reserving learner of an e-mail reservation; for failed logins the address tried
 * (`login-{hash}`: it may belong to nobody). Undefined for streams that hold no personal data.
 */
export function dataSubjectOf(stream: string, data: unknown): string | undefined {
  const parsed = parseStream(stream);
  if (!parsed) return undefined;
  switch (parsed.category) {
    case 'user':
    case 'learning':
    case 'compliance':
    case 'psychology':
      return parsed.id;
    case 'email': {
      const userId = (data as { userId?: unknown } | null)?.userId;
      return typeof userId === 'string' ? userId : undefined;
    }
    case 'login':
      return stream;
    default:
      return undefined;
  }
}

/**
 * The data subjects whose keys an event's erasure destroys: the learner for `LearnerErased`, the failed logins
 * of the address for `EmailReleased` (`login-{hash}` of the released `email-{hash}`). A reader that sees one
 * asks the key store again instead of trusting a key it has in memory.
 */
export function erasedSubjectsOf(stream: string, type: string, data: unknown): readonly string[] {
  if (type === 'LearnerErased') {
    const userId = (data as { userId?: unknown } | null)?.userId;
    return typeof userId === 'string' ? [userId] : [];
  }
  if (type === 'EmailReleased') {
    const parsed = parseStream(stream);
    return parsed?.category === 'email' ? [`login-${parsed.id}`] : [];
  }
  return [];
}

/** A personal field as the log stores it (see platform/src/privacy/sealed-field.ts). */
export const SealedField = new t.Type<string, string, unknown>(
  'SealedField',
  (u): u is string => typeof u === 'string' && u.startsWith('tw1.'),
  (u, c) => (typeof u === 'string' && u.startsWith('tw1.') ? t.success(u) : t.failure(u, c)),
  t.identity,
);

/**
 * The codec of an event's data as stored: each personal field sealed, or already its value (events stored
 * before encryption, or a field left out). What the audit's evidence and exports carry.
 */
export function storedDataCodec<K extends EventType>(type: K): (typeof eventCodecs)[K] {
  const codec = eventCodecs[type];
  const fields: Readonly<Record<string, unknown>> | undefined = (personalFields as PersonalFieldTable)[type];
  const inner = (codec as unknown as { type: unknown }).type;
  if (!fields || !(inner instanceof t.InterfaceType)) return codec;
  const props: t.Props = { ...(inner.props as t.Props) };
  for (const field of Object.keys(fields)) {
    const original = props[field];
    if (original) props[field] = t.union([SealedField, original]);
  }
  return t.exact(t.type(props), `${codec.name} as stored`) as unknown as (typeof eventCodecs)[K];
}
