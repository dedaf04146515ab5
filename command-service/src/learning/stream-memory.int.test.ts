import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { streams } from '@tickwise/contracts';
import {
  type EventLog,
  fold,
  handleCommand,
  openStorage,
  type ReadStreamOptions,
  SqliteEventLog,
} from '@tickwise/platform';
import { type ComplianceCommand, complianceRecord } from '../compliance/compliance-record';
import { userAccount } from '../identity/user-account';
import { fakeDateOnly, fakeTimeoutsOnly } from '../testing/fake-date';
import { type LearningCommand, type LearningEvent, learningRecord } from './learning-record';

// A command reads only what was appended since this process's last command on the stream; what another
// process appends in between is still seen; a stream holding personal data is kept only while its learner's
// key is in use, and read whole (as erased) once they are erased, here or in another process.
const dir = mkdtempSync(join(tmpdir(), 'tickwise-stream-memory-'));
const file = join(dir, 'events.db');
const log = new SqliteEventLog({ file });
/** A second connection to the same file: another process writing the same streams. */
const otherProcess = new SqliteEventLog({ file });
afterAll(async () => {
  await log.close();
  await otherProcess.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The log, recording from which revision each stream read starts. */
function recorded(inner: EventLog): { log: EventLog; reads: Array<number | undefined> } {
  const reads: Array<number | undefined> = [];
  const spy = new Proxy(inner, {
    get(target, property, receiver) {
      if (property === 'readStream')
        return (stream: string, options?: ReadStreamOptions) => {
          reads.push(options?.fromRevision);
          return target.readStream(stream, options);
        };
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { log: spy, reads };
}

const AT = '2026-11-26T10:00:00.000Z';
const question = { moduleId: 1, correctAnswer: 2, optionCount: 4 };
let next = 0;
const answer = (learner: string, selectedAnswer: number, commandId = `cmd-${++next}`) => ({
  stream: streams.learning(learner),
  commandId,
  actor: learner,
  correlationId: commandId,
  command: { kind: 'answerQuestion', questionId: 3, selectedAnswer, question, at: AT } as LearningCommand,
});

test('the second command on a stream reads only the events after the first one', async () => {
  const { log: spy, reads } = recorded(log);
  for (let i = 0; i < 5; i++) await handleCommand({ log: spy }, learningRecord, answer('learner-a', i % 4));
  expect(reads).toEqual([undefined, 1, 2, 3, 4]);
});

test('what another process appended in between is folded in: the same state as folding the whole stream', async () => {
  const { log: spy } = recorded(log);
  await handleCommand({ log: spy }, learningRecord, answer('learner-b', 2));
  // Another process answers the same question, then this one answers it again.
  await handleCommand({ log: otherProcess }, learningRecord, answer('learner-b', 0));
  const outcome = await handleCommand({ log: spy }, learningRecord, answer('learner-b', 1));
  expect(outcome.history.map((e) => e.type)).toEqual([
    'QuizQuestionAnswered',
    'QuizQuestionAnswered',
    'QuizQuestionAnswered',
  ]);
  const whole = await log.readStream(streams.learning('learner-b'));
  expect(whole.map((e) => e.eventId)).toEqual(outcome.history.map((e) => e.eventId));
  const afresh = fold(
    learningRecord,
    whole.map((e) => ({ type: e.type, data: e.data }) as LearningEvent),
  );
  expect(outcome.state).toEqual(afresh);
});

test('a repeated command answers its original events and position from the kept stream', async () => {
  const first = await handleCommand({ log }, learningRecord, answer('learner-c', 2, 'same-command'));
  await handleCommand({ log }, learningRecord, answer('learner-c', 1));
  const again = await handleCommand({ log }, learningRecord, answer('learner-c', 2, 'same-command'));
  expect(again.repeated).toBe(true);
  expect(again.events).toEqual(first.events);
  expect(again.position).toEqual(first.position);
  expect(await log.readStream(streams.learning('learner-c'))).toHaveLength(2);
});

test("a command's history is the stream as it was then: a later command on the stream does not add to it", async () => {
  const first = await handleCommand({ log }, learningRecord, answer('learner-h', 2));
  const second = await handleCommand({ log }, learningRecord, answer('learner-h', 1));
  expect(first.history.map((e) => e.eventId)).toEqual(first.events.map((e) => e.eventId));
  expect(second.history.map((e) => e.eventId)).toEqual(
    [...first.events, ...second.events].map((e) => e.eventId),
  );
});

test('in a log that cannot tell whether personal data still opens, a stream holding it is never kept', async () => {
  const { log: spy, reads } = recorded(log);
  const user = 'user-memory-1';
  const register = {
    stream: streams.user(user),
    commandId: 'register-memory-1',
    actor: user,
    correlationId: 'c',
    command: {
      kind: 'register' as const,
      userId: user,
      email: 'memory@example.com',
      firstName: 'Mem',
      lastName: 'Ory',
      at: AT,
    },
  };
  await handleCommand({ log: spy }, userAccount, register);
  await handleCommand({ log: spy }, userAccount, { ...register, commandId: 'register-memory-2' }).catch(
    () => undefined,
  );
  expect(reads).toEqual([undefined, undefined]);
});

describe('a stream holding personal data, through the encryption layer', () => {
  const sqlite = (dataDir: string) =>
    openStorage({ dataDir, eventstoreUrl: undefined, mongoUrl: undefined, mongoDb: 'x' });
  const dataDir = join(dir, 'encrypted');
  const active = { version: '1.0', contentHash: 'a'.repeat(64), consentText: 'I have read it.' };
  const IP = '198.51.100.23';
  const on = (learner: string, command: ComplianceCommand) => ({
    stream: streams.compliance(learner),
    commandId: `cmd-${++next}`,
    actor: learner,
    correlationId: 'c',
    command,
  });
  const view = (learner: string, at: string) =>
    on(learner, { kind: 'recordView', documentType: 'risk_disclosure', version: '1.0', active, at });
  const acknowledge = (learner: string, at: string) =>
    on(learner, {
      kind: 'acknowledge',
      documentType: 'risk_disclosure',
      version: '1.0',
      active,
      at,
      minimumReadSeconds: 10,
      ip: IP,
      userAgent: 'MemoryTestBrowser/1.0',
    });
  /** A learner who viewed and acknowledged (their stream now holds their IP address), then viewed again. */
  async function acknowledged(storage: Awaited<ReturnType<typeof sqlite>>, learner: string) {
    const { log: spy, reads } = recorded(storage.log);
    await handleCommand({ log: spy }, complianceRecord, view(learner, '2026-11-26T10:00:00.000Z'));
    await handleCommand({ log: spy }, complianceRecord, acknowledge(learner, '2026-11-26T10:00:30.000Z'));
    const after = await handleCommand(
      { log: spy },
      complianceRecord,
      view(learner, '2026-11-26T10:01:00.000Z'),
    );
    return { spy, reads, after };
  }
  const ipOf = (state: { acknowledgments: Record<string, { ip: string }> }) =>
    state.acknowledgments['risk_disclosure@1.0']?.ip;

  test('is kept while the learner’s key is in use: the next command reads only what came after', async () => {
    const storage = await sqlite(dataDir);
    try {
      const { reads, after } = await acknowledged(storage, 'learner-kept');
      expect(reads).toEqual([undefined, 1, 2]);
      expect(ipOf(after.state)).toBe(IP);
      expect(after.history).toHaveLength(3);
    } finally {
      await storage.close();
    }
  });

  test('once the learner is erased in this process, the next command reads the whole stream, as erased', async () => {
    const storage = await sqlite(dataDir);
    try {
      const { spy, reads } = await acknowledged(storage, 'learner-erased-here');
      await storage.keys.destroy('learner-erased-here');
      const next = await handleCommand(
        { log: spy },
        complianceRecord,
        view('learner-erased-here', '2026-11-26T10:02:00.000Z'),
      );
      expect(reads).toEqual([undefined, 1, 2, undefined]);
      expect(ipOf(next.state)).toBe('(erased)');
      expect(next.history).toHaveLength(4);
    } finally {
      await storage.close();
    }
  });

  test('is dropped when its log closes, with the timer that would have expired it', async () => {
    // Only setTimeout is faked: a kept stream's expiry is such a timer, and a closed log leaves none.
    fakeTimeoutsOnly();
    const storage = await sqlite(dataDir);
    try {
      const { after } = await acknowledged(storage, 'learner-closed');
      expect(ipOf(after.state)).toBe(IP);
      expect(jest.getTimerCount()).toBeGreaterThan(0);
    } finally {
      await storage.close();
    }
    // What is left fires within a millisecond (the cache's clock tick); the 60 s expiry is gone.
    jest.advanceTimersByTime(1);
    expect(jest.getTimerCount()).toBe(0);
    jest.useRealTimers();
  });

  test('once another process erases the learner, this one stops using what it kept within a second', async () => {
    // The key checks go by Date, faked here (timers stay real) so the second can pass without a wait.
    fakeDateOnly();
    const storage = await sqlite(dataDir);
    const other = await sqlite(dataDir);
    try {
      const { spy, reads } = await acknowledged(storage, 'learner-erased-there');
      await other.keys.destroy('learner-erased-there');
      jest.setSystemTime(Date.now() + 1_100);
      const next = await handleCommand(
        { log: spy },
        complianceRecord,
        view('learner-erased-there', '2026-11-26T10:02:00.000Z'),
      );
      expect(reads).toEqual([undefined, 1, 2, undefined]);
      expect(ipOf(next.state)).toBe('(erased)');
    } finally {
      jest.useRealTimers();
      await other.close();
      await storage.close();
    }
  });
});
