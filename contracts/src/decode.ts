/**
 * Strict decoding with one clear message.
 *
 * Unknown keys are dropped by the exact codecs themselves; this module turns io-ts's error list into
 * the first error, phrased `"{path}: required"` for a missing value and `"{path}: must be {phrase}"`
 * otherwise, e.g. `"responses.3.value: must be an integer 1-5"`.
 */
import { type Either, isLeft, isRight, left, right } from 'fp-ts/lib/Either';
import * as t from 'io-ts';
import { phrase } from './codecs';

export type { Either } from 'fp-ts/lib/Either';
export { isLeft, isRight };

/** Thrown by `decodeOrThrow`; its message is the one to send as `{ error }` with status 400. */
export class ValidationError extends Error {
  override readonly name = 'ValidationError';
}

export const isValidationError = (error: unknown): error is ValidationError =>
  error instanceof ValidationError;

/** The codec that a context entry's key is *inside*, looking through exact/refinement/readonly wrappers. */
function unwrap(codec: t.Decoder<unknown, unknown>): t.Decoder<unknown, unknown> {
  if (codec instanceof t.ExactType || codec instanceof t.RefinementType || codec instanceof t.ReadonlyType) {
    return unwrap(codec.type);
  }
  return codec;
}

/** One message for one io-ts error. `root` names the whole input ("body", "query", "params"). */
export function describeError(error: t.ValidationError, root = 'body'): string {
  const context = error.context;
  const path: string[] = [];
  let target = context[context.length - 1];
  for (let i = 1; i < context.length; i += 1) {
    const entry = context[i];
    const parent = context[i - 1];
    if (entry === undefined || parent === undefined) break;
    const container = unwrap(parent.type);
    // A union is described as a whole ("a string or null"), not by the member that failed last.
    if (container instanceof t.UnionType) {
      target = parent;
      break;
    }
    // Intersections validate the same value once per member, under keys "0", "1", …: not a path step.
    if (!(container instanceof t.IntersectionType)) path.push(entry.key);
  }
  if (target === undefined) return `${root}: is invalid`;
  const where = path.length === 0 ? root : path.join('.');
  const missing = path.length > 0 && target.actual === undefined;
  return missing ? `${where}: required` : `${where}: must be ${phrase(target.type)}`;
}

/** The message for the first of io-ts's errors. */
export function formatErrors(errors: t.Errors, root = 'body'): string {
  const first = errors[0];
  return first === undefined ? `${root}: is invalid` : describeError(first, root);
}

/** Decodes `input`; Left holds one message naming the field, Right the value without unknown keys. */
export function decode<A>(codec: t.Decoder<unknown, A>, input: unknown, root = 'body'): Either<string, A> {
  const result = codec.decode(input);
  return isLeft(result) ? left(formatErrors(result.left, root)) : right(result.right);
}

/** Decodes `input` or throws a `ValidationError` carrying the message. */
export function decodeOrThrow<A>(codec: t.Decoder<unknown, A>, input: unknown, root = 'body'): A {
  const result = decode(codec, input, root);
  if (isLeft(result)) throw new ValidationError(result.left);
  return result.right;
}

/** A type guard that checks `input` against `codec` (no key stripping: use `decode` to sanitise). */
export const is =
  <A>(codec: t.Decoder<unknown, A>) =>
  (input: unknown): input is A =>
    isRight(codec.decode(input));
