/**
 * The regulatory-warnings process manager follows the log from its checkpoint. Stopped and started again it
 * goes on where it was; started again from an older checkpoint (a crash after issuing a warning but before
 * the checkpoint was saved) it replays events, and still issues no warning twice.
 */

import {
  processCheckpoint,
  regulatoryWarningsProcess,
  startProcessManagers,
} from '@tickwise/command-service';
import { streamId, streams } from '@tickwise/contracts';
import { comparePositions, type RecordedEvent } from '@tickwise/platform';
import {
  eventually,
  freshEmail,
  GOOD_PASSWORD,
  type Stack,
  startStack,
  testClock,
} from '../../../src/testing';

const CHECKPOINT = processCheckpoint('regulatory-warnings');
let stack: Stack;
beforeAll(async () => {
  // The process managers are started and stopped by the test itself.
  stack = await startStack({
    storage: 'memory',
    clock: testClock(),
    publishContent: true,
    processManagers: false,
  });
});
afterAll(async () => {
  await stack?.close();
});

async function register(): Promise<{ userId: string; token: string }> {
  const res = await stack
    .client()
    .post('/api/auth/register', { email: freshEmail('warned'), password: GOOD_PASSWORD });
  expect(res.status).toBe(201);
  return { userId: String(res.body.user.id), token: String(res.body.token) };
}

const start = () => startProcessManagers(stack.commandDeps);

/** RegulatoryWarningIssued events per user, by warning type. */
async function issuedPerUser(): Promise<Record<string, string[]>> {
  const counts: Record<string, string[]> = {};
  for (const event of await stack.allEvents()) {
    if (event.type !== 'RegulatoryWarningIssued') continue;
    const userId = streamId('compliance', event.stream);
    counts[userId] = [...(counts[userId] ?? []), event.data.warningType].sort();
  }
  return counts;
}

/** Waits until the manager's checkpoint has passed `event` (it has reacted to it). */
const handled = (event: RecordedEvent | undefined) =>
  eventually(
    async () => {
      if (!event) throw new Error('no event to wait for');
      const checkpoint = await stack.storage.store.getCheckpoint(CHECKPOINT);
      return checkpoint && comparePositions(checkpoint.position, event.position) >= 0
        ? checkpoint
        : undefined;
    },
    { what: 'the process manager to pass the event' },
  );

const lastOfType = async (type: string) => (await stack.allEvents()).filter((e) => e.type === type).at(-1);

test('run, stop, start again from the checkpoint, and replay after a lost checkpoint: no warning is issued twice', async () => {
  const ann = await register();
  const bob = await register();
  const assessed = await stack
    .client()
    .post('/api/risk/assessment', {
      experienceLevel: 'beginner',
      financialSituation: 'stable',
      riskCapacity: 5,
      investmentObjective: 'speculative',
    })
    .set('Authorization', `Bearer ${ann.token}`);
  expect(assessed.status).toBe(201);
  expect(await issuedPerUser()).toEqual({});

  // First run: the general warning for both, and the speculative-beginner one for Ann.
  const first = start();
  await handled(await lastOfType('RiskAssessed'));
  await first.stop();
  const expected = {
    [ann.userId]: ['experience_mismatch', 'general_risk'],
    [bob.userId]: ['general_risk'],
  };
  expect(await issuedPerUser()).toEqual(expected);

  // While it is stopped, Cy registers: no warning yet.
  const cy = await register();
  expect(await issuedPerUser()).toEqual(expected);

  // Started again, it goes on from its checkpoint: Cy's warning, and nothing again for Ann and Bob.
  const second = start();
  await handled(await lastOfType('UserRegistered'));
  await second.stop();
  const afterRestart = { ...expected, [cy.userId]: ['general_risk'] };
  expect(await issuedPerUser()).toEqual(afterRestart);

  // A crash after the warnings were issued but before the checkpoint was saved: every event is delivered
  // again. The deterministic command ids (and the decider) make the replay append nothing.
  const head = await stack.head();
  await stack.storage.store.deleteCheckpoint(CHECKPOINT);
  const third = start();
  await handled(await lastOfType('UserRegistered'));
  await third.stop();
  expect(await issuedPerUser()).toEqual(afterRestart);
  expect(await stack.eventsAfter(head)).toEqual([]);
}, 15_000);

test('the reaction itself is idempotent: reacting twice to one event issues its warnings once', async () => {
  const dee = await register();
  const registered = (await stack.storage.log.readStream(streams.user(dee.userId))).find(
    (e) => e.type === 'UserRegistered',
  );
  if (!registered) throw new Error('no UserRegistered');
  const manager = regulatoryWarningsProcess(stack.commandDeps);
  await manager.react(registered);
  await manager.react(registered);
  expect((await issuedPerUser())[dee.userId]).toEqual(['general_risk']);
  const stream = await stack.storage.log.readStream(streams.compliance(dee.userId));
  expect(stream.map((e) => [e.type, e.metadata.actor])).toEqual([
    ['RegulatoryWarningIssued', 'system:regulatory-warnings'],
  ]);
});
