/** Response bodies that are not entities: authentication, acknowledgements and errors. */
import * as t from 'io-ts';
import { nonEmptyString, struct } from './codecs';
import { User } from './entities';

/** Login and register: the bearer token and the user record. */
export const AuthResponse = struct({ token: nonEmptyString(10_000), user: User }, 'AuthResponse');
export type AuthResponse = t.TypeOf<typeof AuthResponse>;

/** A plain acknowledgement for commands with nothing else to say. */
export const Ok = struct({ ok: t.literal(true) }, 'Ok');
export type Ok = t.TypeOf<typeof Ok>;

/** Every non-2xx response: `{ "error": "<message>" }`. */
export const ErrorBody = struct({ error: t.string }, 'ErrorBody');
export type ErrorBody = t.TypeOf<typeof ErrorBody>;

/** HTTP headers the services and the frontend agree on. */
export const httpHeaders = {
  /** On command responses: the commit position of the last appended event. */
  position: 'X-Position',
  /** On queries: the highest position the client has seen; the answer reflects at least that much. */
  minPosition: 'X-Min-Position',
  /** On every response: the request's id (also in the logs and in a 500's message). */
  requestId: 'X-Request-Id',
  /** Optional client command id; the same key sent twice appends once. */
  idempotencyKey: 'Idempotency-Key',
} as const;
