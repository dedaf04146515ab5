import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EventOf, streams } from '@tickwise/contracts';
import {
  accept,
  CommandRefused,
  commandEventIds,
  type Decider,
  describeError,
  domainError,
  type EventLog,
  handleCommand,
  type Recorder,
  recordCommand,
  refuse,
  SqliteEventLog,
  WrongExpectedRevisionError,
} from '@tickwise/platform';
import { EMAIL_TAKEN, emailAccount } from './email-account';
import { userAccount } from './user-account';

const dir = mkdtempSync(join(tmpdir(), 'tickwise-handle-command-'));
const log = new SqliteEventLog({ file: join(dir, 'events.db') });
afterAll(async () => {
  await log.close();
  rmSync(dir, { recursive: true, force: true });
});

const NOW = new Date('2026-01-17T09:30:00.000Z');
let nextUser = 1;
const freshUser = () => `user-hc-${nextUser++}`;

const request = (stream: string, commandId: string) => ({
  stream,
  commandId,
  actor: 'actor-1',
  correlationId: 'request-1',
});

async function registeredUser(): Promise<string> {
  const userId = freshUser();
  await handleCommand({ log }, userAccount, {
    ...request(streams.user(userId), `${userId}:register`),
    command: {
      kind: 'register',
      userId,
      email: `${userId}@example.com`,
      firstName: '',
      lastName: '',
      at: NOW.toISOString(),
    },
  });
  return userId;
}

/** The log with some of its operations replaced. */
const wrapLog = (inner: EventLog, overrides: Partial<EventLog>): EventLog => ({
  appendToStream: (stream, events, options) => inner.appendToStream(stream, events, options),
  readStream: (stream, options) => inner.readStream(stream, options),
  readAll: (options) => inner.readAll(options),
  subscribe: (options) => inner.subscribe(options),
  headPosition: () => inner.headPosition(),
  verifyStream: (stream) => inner.verifyStream(stream),
  close: () => inner.close(),
  ...overrides,
});

/** A log whose first `parties` readStream calls wait for each other: they all read the same revision. */
function barrierLog(inner: EventLog, parties: number) {
  let waiting: Array<() => void> = [];
  let appends = 0;
  const log = wrapLog(inner, {
    appendToStream: (stream, events, options) => {
      appends += 1;
      return inner.appendToStream(stream, events, options);
    },
    readStream: async (stream, options) => {
      const events = await inner.readStream(stream, options);
      if (parties > 0) {
        parties -= 1;
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          if (parties === 0) {
            for (const release of waiting) release();
            waiting = [];
          }
        });
      }
      return events;
    },
  });
  return { log, appends: () => appends };
}

/** Two processes over one log: each has its own log client, so their commands do not take turns. */
const twoProcesses = (shared: EventLog): [EventLog, EventLog] => [wrapLog(shared, {}), wrapLog(shared, {})];

describe('handleCommand', () => {
  test('appends the decided events with deterministic ids and the command metadata, and answers the position', async () => {
    const userId = freshUser();
    const before = await log.headPosition();
    const outcome = await handleCommand({ log, now: () => NOW }, userAccount, {
      ...request(streams.user(userId), 'cmd-register-1'),
      command: {
        kind: 'register',
        userId,
        email: 'a@example.com',
        firstName: 'A',
        lastName: 'B',
        at: NOW.toISOString(),
      },
    });
    expect(outcome.repeated).toBe(false);
    expect(outcome.state.registered).toBe(true);
    expect(outcome.events.map((e) => e.type)).toEqual(['UserRegistered']);
    const stored = await log.readStream(streams.user(userId));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.eventId).toBe(commandEventIds(`cmd-register-1@${streams.user(userId)}`, 1)[0]);
    expect(stored[0]?.metadata).toMatchObject({
      correlationId: 'request-1',
      causationId: 'cmd-register-1',
      actor: 'actor-1',
      occurredAt: NOW.toISOString(),
      schemaVersion: 1,
    });
    expect(outcome.position).toBe(stored[0]?.position);
    expect(outcome.position).not.toBe(before);
    // A route answers from the outcome: the recorded events with their ids, and the whole stream after it.
    expect(outcome.events[0]?.eventId).toBe(stored[0]?.eventId);
    expect(outcome.history).toEqual(outcome.events);
  });

  test('the same command id again answers the original events and position and appends nothing', async () => {
    const userId = await registeredUser();
    const grant = {
      ...request(streams.user(userId), 'cmd-grant-once'),
      command: { kind: 'grantRole', userId, role: 'auditor', by: 'admin-1' } as const,
    };
    const first = await handleCommand({ log }, userAccount, grant);
    const head = await log.headPosition();
    const again = await handleCommand({ log }, userAccount, grant);
    expect(again.repeated).toBe(true);
    expect(again.events).toEqual(first.events);
    expect(again.position).toBe(first.position);
    expect(await log.headPosition()).toBe(head);
    // Even a different command under the same id appends nothing: the id is what makes it the same command.
    const different = await handleCommand({ log }, userAccount, {
      ...grant,
      command: { kind: 'grantRole', userId, role: 'admin', by: 'admin-1' } as const,
    });
    expect(different.repeated).toBe(true);
    expect(await log.headPosition()).toBe(head);
    expect((await log.readStream(streams.user(userId))).map((e) => e.type)).toEqual([
      'UserRegistered',
      'RoleGranted',
    ]);
  });

  test('a refused command throws its refusal, which answers the status of its kind, and appends nothing', async () => {
    const userId = freshUser();
    const head = await log.headPosition();
    const refused = handleCommand({ log }, userAccount, {
      ...request(streams.user(userId), 'cmd-grant-unknown'),
      command: { kind: 'grantRole', userId, role: 'admin', by: 'admin-1' },
    });
    await expect(refused).rejects.toBeInstanceOf(CommandRefused);
    await expect(refused).rejects.toMatchObject({ kind: 'not_found', message: 'No such user' });
    expect(describeError(await refused.catch((error: unknown) => error))).toEqual({
      status: 404,
      message: 'No such user',
    });
    expect(await log.headPosition()).toBe(head);
  });

  test('a decision with no events appends nothing and answers no position', async () => {
    const userId = await registeredUser();
    const head = await log.headPosition();
    const outcome = await handleCommand({ log }, userAccount, {
      ...request(streams.user(userId), 'cmd-revoke-absent'),
      command: { kind: 'revokeRole', userId, role: 'admin', by: 'admin-1' },
    });
    expect(outcome).toMatchObject({ events: [], position: undefined, repeated: false });
    expect(outcome.history.map((e) => e.type)).toEqual(['UserRegistered']);
    expect(await log.headPosition()).toBe(head);
  });

  test('two concurrent commands on one stream in one process take turns: no conflict, no retry', async () => {
    const userId = await registeredUser();
    let appends = 0;
    const counted = wrapLog(log, {
      appendToStream: (stream, events, options) => {
        appends += 1;
        return log.appendToStream(stream, events, options);
      },
    });
    const grant = (role: 'auditor' | 'analyst') =>
      handleCommand({ log: counted }, userAccount, {
        ...request(streams.user(userId), `cmd-turns-${role}`),
        command: { kind: 'grantRole', userId, role, by: 'admin-1' },
      });
    await Promise.all([grant('auditor'), grant('analyst')]);
    expect(appends).toBe(2);
    expect((await log.readStream(streams.user(userId))).map((e) => e.revision)).toEqual([0, 1, 2]);
  });

  test('two processes’ concurrent commands on one stream: the loser of the race loads again, decides again and succeeds', async () => {
    const userId = await registeredUser();
    const racing = barrierLog(log, 2);
    const [first, second] = twoProcesses(racing.log);
    const [auditor, analyst] = await Promise.all([
      handleCommand({ log: first }, userAccount, {
        ...request(streams.user(userId), 'cmd-race-auditor'),
        command: { kind: 'grantRole', userId, role: 'auditor', by: 'admin-1' },
      }),
      handleCommand({ log: second }, userAccount, {
        ...request(streams.user(userId), 'cmd-race-analyst'),
        command: { kind: 'grantRole', userId, role: 'analyst', by: 'admin-1' },
      }),
    ]);
    // Both read revision 0 and appended with it: one conflicted and was retried (3 appends in all).
    expect(racing.appends()).toBe(3);
    expect(auditor.repeated || analyst.repeated).toBe(false);
    const stored = await log.readStream(streams.user(userId));
    expect(stored.map((e) => e.revision)).toEqual([0, 1, 2]);
    expect(
      stored
        .slice(1)
        .map((e) => (e.data as { role: string }).role)
        .sort(),
    ).toEqual(['analyst', 'auditor']);
  });

  test('two processes’ concurrent reservations of one e-mail: one is appended, the retried one is refused as taken', async () => {
    const stream = streams.email(`race-${Date.now()}`);
    const racing = barrierLog(log, 2);
    const processes = twoProcesses(racing.log);
    const reserve = (userId: string, process: 0 | 1) =>
      handleCommand({ log: processes[process] as EventLog }, emailAccount, {
        ...request(stream, `cmd-reserve-${userId}`),
        command: { email: 'race@example.com', userId, passwordHash: 'hash' },
      });
    const results = await Promise.allSettled([reserve('user-a', 0), reserve('user-b', 1)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = results.find((r) => r.status === 'rejected');
    expect(rejected?.status === 'rejected' ? rejected.reason : undefined).toMatchObject({
      kind: 'conflict',
      message: EMAIL_TAKEN,
    });
    expect(await log.readStream(stream)).toHaveLength(1);
  });

  test('a conflict that keeps happening gives up after maxAttempts with the conflict error', async () => {
    const userId = await registeredUser();
    let appends = 0;
    const conflicting = wrapLog(log, {
      appendToStream: async (stream) => {
        appends += 1;
        throw new WrongExpectedRevisionError(stream, 0, 1);
      },
    });
    await expect(
      handleCommand(
        { log: conflicting },
        userAccount,
        {
          ...request(streams.user(userId), 'cmd-always-conflicts'),
          command: { kind: 'grantRole', userId, role: 'auditor', by: 'admin-1' },
        },
        3,
      ),
    ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(appends).toBe(3);
  });

  test('any other append error is not retried', async () => {
    const userId = await registeredUser();
    let appends = 0;
    const failing = wrapLog(log, {
      appendToStream: async () => {
        appends += 1;
        throw new Error('disk full');
      },
    });
    await expect(
      handleCommand({ log: failing }, userAccount, {
        ...request(streams.user(userId), 'cmd-disk-full'),
        command: { kind: 'grantRole', userId, role: 'auditor', by: 'admin-1' },
      }),
    ).rejects.toThrow('disk full');
    expect(appends).toBe(1);
  });

  test('a decision of more than 16 events is refused before anything is appended', async () => {
    type Granted = EventOf<'RoleGranted'>;
    const greedy: Decider<null, null, Granted> = {
      initialState: null,
      evolve: (state) => state,
      decide: () =>
        accept<Granted>(
          ...Array.from({ length: 17 }, () => ({
            type: 'RoleGranted' as const,
            data: { userId: 'u', role: 'admin' as const, grantedBy: 'x' },
          })),
        ),
    };
    const head = await log.headPosition();
    await expect(
      handleCommand({ log }, greedy, { ...request('greedy-1', 'cmd-greedy'), command: null }),
    ).rejects.toThrow(/at most 16/);
    expect(await log.headPosition()).toBe(head);
  });

  test('a recorder appends without reading the stream, whatever its revision', async () => {
    type Granted = EventOf<'RoleGranted'>;
    const recorder: Recorder<null, Granted> = {
      decide: () => accept({ type: 'RoleGranted', data: { userId: 'u', role: 'auditor', grantedBy: 'x' } }),
    };
    let reads = 0;
    const counting = wrapLog(log, {
      readStream: (stream, options) => {
        reads += 1;
        return log.readStream(stream, options);
      },
    });
    await recordCommand({ log: counting }, recorder, { ...request('recorder-1', 'cmd-r1'), command: null });
    const second = await recordCommand({ log: counting }, recorder, {
      ...request('recorder-1', 'cmd-r2'),
      command: null,
    });
    expect(reads).toBe(0);
    const stored = await log.readStream('recorder-1');
    expect(stored.map((e) => e.revision)).toEqual([0, 1]);
    expect(second.events.map((e) => e.eventId)).toEqual([stored[1]?.eventId]);
    expect(second.position).toBe(stored[1]?.position);
  });

  test('a recorder’s refusal appends nothing', async () => {
    const refusing: Recorder<null, EventOf<'RoleGranted'>> = {
      decide: () => refuse(domainError('conflict', 'not now')),
    };
    await expect(
      recordCommand({ log }, refusing, { ...request('recorder-2', 'cmd-r3'), command: null }),
    ).rejects.toBeInstanceOf(CommandRefused);
    expect(await log.readStream('recorder-2')).toEqual([]);
  });
});
