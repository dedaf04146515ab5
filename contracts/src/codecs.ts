/**
 * Building blocks for every codec in the contracts.
 *
 * Each codec's `name` is the human phrase that follows "must be" in a validation message
 * ("an integer 1-10", "one of beginner, intermediate, advanced"), so `decode` can name the
 * field and say what it expects. Object codecs are exact: decoding drops unknown keys.
 */
import { isLeft } from 'fp-ts/lib/Either';
import * as t from 'io-ts';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './account-rules';

/** Narrows or transforms a codec with a predicate; failures are reported with `name`. */
export function refine<A, O>(
  codec: t.Type<A, O, unknown>,
  predicate: (a: A) => boolean,
  name: string,
): t.Type<A, O, unknown> {
  return new t.Type<A, O, unknown>(
    name,
    (u): u is A => codec.is(u) && predicate(u),
    (u, c) => {
      const result = codec.validate(u, c);
      if (isLeft(result)) return result;
      return predicate(result.right) ? result : t.failure(u, c);
    },
    (a) => codec.encode(a),
  );
}

/** A finite number (NaN and Infinity are refused). */
export const finiteNumber = refine(t.number, (n) => Number.isFinite(n), 'a number');

/** An integer between `min` and `max` inclusive; named "an integer {min}-{max}". */
export const intRange = (min: number, max: number): t.Type<number, number, unknown> =>
  refine(t.number, (n) => Number.isInteger(n) && n >= min && n <= max, `an integer ${min}-${max}`);

/** A number between `min` and `max` inclusive; named "a number {min}-{max}". */
export const numberRange = (min: number, max: number): t.Type<number, number, unknown> =>
  refine(t.number, (n) => Number.isFinite(n) && n >= min && n <= max, `a number ${min}-${max}`);

/** An integer ≥ 1 (ids of modules, lessons, questions). */
export const positiveInt = refine(t.number, (n) => Number.isInteger(n) && n >= 1, 'a positive integer');

/** An integer ≥ 0 (counts, 0-based indexes, revisions). */
export const nonNegativeInt = refine(
  t.number,
  (n) => Number.isInteger(n) && n >= 0,
  'a non-negative integer',
);

/** A whole percent 0-100. */
export const percent = intRange(0, 100);

/** A share 0-1. */
export const ratio = numberRange(0, 1);

/** A string with surrounding white space removed on decode. */
export const trimmedString = new t.Type<string, string, unknown>(
  'a string',
  (u): u is string => typeof u === 'string',
  (u, c) => (typeof u === 'string' ? t.success(u.trim()) : t.failure(u, c)),
  t.identity,
);

/** Trimmed text of at most `max` characters, possibly empty. */
export const text = (max: number): t.Type<string, string, unknown> =>
  refine(trimmedString, (s) => s.length <= max, `a string of at most ${max} characters`);

/** Trimmed text of 1 to `max` characters. */
export const nonEmptyString = (max: number): t.Type<string, string, unknown> =>
  refine(
    trimmedString,
    (s) => s.length >= 1 && s.length <= max,
    `a non-empty string of at most ${max} characters`,
  );

/** An untrimmed string of `min` to `max` characters (passwords: white space is significant). */
export const stringLength = (min: number, max: number): t.Type<string, string, unknown> =>
  refine(t.string, (s) => s.length >= min && s.length <= max, `a string of ${min}-${max} characters`);

/**
 * Characters that make stored text lie about itself when shown: control characters (NUL included), unpaired
 * UTF-16 surrogates, and the bidirectional overrides and isolates that reorder what a reader sees.
 */
const DECEPTIVE =
  /[\p{Cc}\u200E\u200F\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/u;
export const isPlainText = (s: string): boolean => !DECEPTIVE.test(s);

/** Trimmed, NFC-normalised text people see (names), so one name has one stored form. */
const plainTrimmedString = new t.Type<string, string, unknown>(
  'plain text',
  (u): u is string => typeof u === 'string',
  (u, c) =>
    typeof u === 'string' && isPlainText(u) ? t.success(u.trim().normalize('NFC')) : t.failure(u, c),
  t.identity,
);

/** A person's name: plain text of at most `max` characters, possibly empty. */
export const personName = (max: number): t.Type<string, string, unknown> =>
  refine(
    plainTrimmedString,
    (s) => s.length <= max,
    `plain text of at most ${max} characters (no control or text-direction characters)`,
  );

/** An e-mail address (trimmed, NFC, at most 254 characters, plain text). Case is kept; see `normalizeEmail`. */
export const email = refine(
  plainTrimmedString,
  (s) => s.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(s),
  'an e-mail address',
);

/** The form of an e-mail address that identifies an account: trimmed and lower-cased. */
export const normalizeEmail = (address: string): string => address.trim().toLowerCase();

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** An ISO 8601 date-time with a time zone, e.g. 2025-01-17T09:30:00.000Z. */
export const isoDateTime = refine(
  t.string,
  (s) => ISO_DATE_TIME.test(s) && !Number.isNaN(Date.parse(s)),
  'an ISO 8601 date-time',
);

/** A lower-case hex SHA-256 digest (64 characters). */
export const sha256Hex = refine(t.string, (s) => /^[0-9a-f]{64}$/.test(s), 'a SHA-256 hex digest');

/** An identifier such as a UUID: 1-100 characters, no white space. */
export const entityId = refine(t.string, (s) => /^[^\s]{1,100}$/.test(s), 'an id');

/** A string enum whose allowed values stay inspectable (`.values`), e.g. for select options. */
export class OneOfType<V extends string> extends t.Type<V, V, unknown> {
  readonly values: readonly V[];
  constructor(values: readonly V[]) {
    const allowed: readonly string[] = values;
    const isValue = (u: unknown): u is V => typeof u === 'string' && allowed.includes(u);
    super(
      `one of ${values.join(', ')}`,
      isValue,
      (u, c) => (isValue(u) ? t.success(u) : t.failure(u, c)),
      t.identity,
    );
    this.values = values;
  }
}

/** A string enum named "one of a, b, c". */
export const oneOf = <const V extends readonly [string, ...string[]]>(values: V): OneOfType<V[number]> =>
  new OneOfType<V[number]>(values);

const OBJECT_TAGS = new Set(['ExactType', 'InterfaceType', 'PartialType', 'IntersectionType', 'StrictType']);
const BUILTIN_PHRASES: Readonly<Record<string, string>> = {
  string: 'a string',
  number: 'a number',
  boolean: 'a boolean',
  Int: 'an integer',
  null: 'null',
  UnknownRecord: 'a JSON object',
  UnknownArray: 'a list',
};

/** The phrase that follows "must be" for a codec: its name, or a plain phrase for io-ts built-ins. */
export function phrase(codec: t.Decoder<unknown, unknown>): string {
  const tag = '_tag' in codec ? codec._tag : undefined;
  if (typeof tag === 'string' && OBJECT_TAGS.has(tag)) return 'a JSON object';
  if (tag === 'ArrayType' || tag === 'ReadonlyArrayType') return 'a list';
  return BUILTIN_PHRASES[codec.name] ?? codec.name;
}

/** `codec` or null; named "{phrase} or null". Errors inside `codec` keep their own path. */
export function nullable<A, O>(codec: t.Type<A, O, unknown>): t.Type<A | null, O | null, unknown> {
  return new t.Type<A | null, O | null, unknown>(
    `${phrase(codec)} or null`,
    (u): u is A | null => u === null || codec.is(u),
    (u, c) => (u === null ? t.success(null) : codec.validate(u, c)),
    (a) => (a === null ? null : codec.encode(a)),
  );
}

/** `codec`, with `fallback` when the field is absent (undefined). */
export function withDefault<A, O>(codec: t.Type<A, O, unknown>, fallback: A): t.Type<A, O, unknown> {
  return new t.Type<A, O, unknown>(
    codec.name,
    codec.is,
    (u, c) => (u === undefined ? t.success(fallback) : codec.validate(u, c)),
    (a) => codec.encode(a),
  );
}

/**
 * Optional free text normalised to `string | null`: absent, null, empty or blank → null,
 * otherwise the trimmed text of at most `max` characters.
 */
export const optionalText = (max: number): t.Type<string | null, string | null, unknown> =>
  new t.Type<string | null, string | null, unknown>(
    `a string of at most ${max} characters or null`,
    (u): u is string | null => u === null || (typeof u === 'string' && u.length <= max),
    (u, c) => {
      if (u === undefined || u === null) return t.success(null);
      if (typeof u !== 'string') return t.failure(u, c);
      const trimmed = u.trim();
      if (trimmed.length > max) return t.failure(u, c);
      return t.success(trimmed === '' ? null : trimmed);
    },
    t.identity,
  );

/** A list whose length is between `min` and `max`; named "a list of {min}-{max} {noun}". */
export function listOf<C extends t.Mixed>(
  item: C,
  min: number,
  max: number,
  noun = 'items',
): t.Type<t.TypeOf<C>[], t.OutputOf<C>[], unknown> {
  return refine(
    t.array(item),
    (xs) => xs.length >= min && xs.length <= max,
    `a list of ${min}-${max} ${noun}`,
  );
}

/** An exact object: decoding keeps only the listed keys, at every level that uses `struct`. */
export function struct<P extends t.Props>(required: P, name?: string): t.ExactC<t.TypeC<P>>;
export function struct<P extends t.Props, Q extends t.Props>(
  required: P,
  optional: Q,
  name?: string,
): t.ExactC<t.IntersectionC<[t.TypeC<P>, t.PartialC<Q>]>>;
export function struct<P extends t.Props, Q extends t.Props>(
  required: P,
  optionalOrName?: Q | string,
  name?: string,
): t.ExactC<t.TypeC<P>> | t.ExactC<t.IntersectionC<[t.TypeC<P>, t.PartialC<Q>]>> {
  if (optionalOrName === undefined || typeof optionalOrName === 'string') {
    return t.exact(t.type(required), optionalOrName);
  }
  return t.exact(t.intersection([t.type(required), t.partial(optionalOrName)]), name);
}

/**
 * An exact object that refuses the keys it does not list, instead of dropping them: for a request whose
 * meaning a stray key would change — one naming a learner, on a route that only ever acts on the caller, must
 * be refused, not quietly carried out on the caller. The message names the key: "userId: must be
 * absent: {why}".
 */
export function closed<P extends t.Props>(props: P, why: string, name?: string): t.ExactC<t.TypeC<P>> {
  const codec = struct(props, name);
  const absent = new t.Type<never>(`absent: ${why}`, (u): u is never => false, t.failure, t.identity);
  const refusing = new t.ExactType<t.TypeC<P>>(
    codec.name,
    codec.is,
    (u, c) => {
      if (typeof u === 'object' && u !== null && !Array.isArray(u)) {
        const stray = Object.keys(u).find((key) => !(key in props));
        if (stray !== undefined) {
          const value = (u as Record<string, unknown>)[stray];
          return t.failure(value, t.appendContext(c, stray, absent, value));
        }
      }
      return codec.validate(u, c);
    },
    codec.encode,
    codec.type,
  );
  return refusing;
}
