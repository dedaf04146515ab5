/**
 * Why a command or a query is refused, as a value of the domain: deciders answer it, the HTTP layer turns it
 * into a status (`statusOf` in http/errors.ts). Nothing here knows HTTP.
 */

/** Every kind of refusal; the HTTP layer gives each one a status. */
export const ERROR_KINDS = [
  'validation',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'rule',
  'too_many',
  'too_large',
  'unsupported_media',
  'unavailable',
] as const;

export type ErrorKind = (typeof ERROR_KINDS)[number];

const errorKinds: ReadonlySet<string> = new Set(ERROR_KINDS);

export interface DomainError {
  readonly kind: ErrorKind;
  readonly message: string;
}

export const domainError = (kind: ErrorKind, message: string): DomainError => ({ kind, message });

export const isDomainError = (value: unknown): value is DomainError =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as DomainError).kind === 'string' &&
  errorKinds.has((value as DomainError).kind) &&
  typeof (value as DomainError).message === 'string';

/** A decider's refusal, thrown by the command handler; the HTTP layer answers it with its kind's status. */
export class CommandRefused extends Error implements DomainError {
  override readonly name = 'CommandRefused';
  readonly kind: ErrorKind;
  constructor(error: DomainError) {
    super(error.message);
    this.kind = error.kind;
  }
}
