/**
 * API specifications in three steps — the events already in the log, one request, then the answer and the
 * events it appended — over a whole stack (usually in memory, unit tier):
 *
 *   const spec = apiSpecification(() => stack);
 *   await spec
 *     .given(learnerRegistered(userId), documentViewed(userId, at))
 *     .when(({ api, tokenOf }) => api.post('/api/compliance/acknowledgments', body).set(...tokenOf(userId)))
 *     .expect(response(201, { documentType: 'risk_disclosure' }), newEvents(stream, [{ type: 'DocumentAcknowledged' }]));
 *
 * The request is sent once the projections have caught up with the given events (X-Min-Position), so what the
 * routes read agrees with what the log holds, as for a learner whose earlier requests were answered.
 */
import type { DomainEvent } from '@tickwise/contracts';
import type { Position, RecordedEvent } from '@tickwise/platform';
import type { ApiCall, ApiResponse } from './api-client';
import type { Client, Stack } from './harness';

/** Events of one stream that are in the log before the request. */
export interface Given {
  readonly stream: string;
  readonly events: readonly DomainEvent[];
}

export interface WhenContext {
  /** A client with a fresh address. */
  readonly api: Client;
  /** The Authorization header of a valid token for this user (`.set(...tokenOf(userId))`). */
  tokenOf(userId: string): [string, string];
}

/** What happened: the answer, and the events appended while the request ran. */
export interface Outcome {
  readonly response: ApiResponse;
  readonly appended: readonly RecordedEvent[];
}

export type Expectation = (outcome: Outcome) => void;

export function apiSpecification(stack: () => Stack) {
  return {
    given: (...history: readonly Given[]) => ({
      when: (request: (context: WhenContext) => ApiCall) => ({
        async expect(...expectations: readonly Expectation[]): Promise<Outcome> {
          const current = stack();
          for (const { stream, events } of history) {
            await current.storage.log.appendToStream(
              stream,
              events.map((event) => ({ ...event, metadata: givenMetadata(current) })),
              { expectedRevision: 'any' },
            );
          }
          const before: Position = await current.head();
          const context: WhenContext = {
            api: current.client(),
            tokenOf: (userId) => ['Authorization', `Bearer ${current.commandDeps.tokens.sign(userId)}`],
          };
          const response = await request(context).set('X-Min-Position', before);
          const outcome = { response, appended: await current.eventsAfter(before) };
          for (const check of expectations) check(outcome);
          return outcome;
        },
      }),
    }),
  };
}

const givenMetadata = (stack: Stack) => ({
  correlationId: 'given',
  causationId: 'given',
  actor: 'system:given',
  occurredAt: stack.commandDeps.now().toISOString(),
  schemaVersion: 1,
});

/** The answer's status, and (when given) its body, matched as `toMatchObject` does. */
export const response =
  (status: number, body?: object): Expectation =>
  ({ response: res }) => {
    expect({ status: res.status, body: res.body }).toMatchObject({
      status,
      ...(body === undefined ? {} : { body }),
    });
  };

/** Exactly these events were appended, in this order, all to `stream` (each matched as `toMatchObject`). */
export const newEvents =
  (stream: string, events: ReadonlyArray<{ type: DomainEvent['type']; data?: object }>): Expectation =>
  ({ appended }) => {
    expect(appended.map(({ stream: s, type, data }) => ({ stream: s, type, data }))).toMatchObject(
      events.map((event) => ({ stream, ...event })),
    );
    expect(appended).toHaveLength(events.length);
  };

/** Nothing was appended: a refused request changes nothing. */
export const noEvents: Expectation = ({ appended }) => {
  expect(appended).toEqual([]);
};
