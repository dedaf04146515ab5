import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { streams } from '@tickwise/contracts';
import {
  type EventLog,
  fold,
  handleCommand,
  type ReadStreamOptions,
  SqliteEventLog,
} from '@tickwise/platform';
import { userAccount } from '../identity/user-account';
import { type LearningCommand, type LearningEvent, learningRecord } from './learning-record';

// A command reads only what was appended since this process's last command on the stream; what another
// process appends in between is still seen; streams holding personal data are read whole every time.
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

test('a stream with personal data is read whole for every command, never kept', async () => {
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
