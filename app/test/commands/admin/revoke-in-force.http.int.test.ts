/**
 * A role change made with the admin CLI while Tickwise runs is in force on the very next request: the CLI
 * answers only once the read model every service authorises from holds the change.
 */

import { runAdmin } from '@tickwise/command-service/admin';
import { freshEmail, GOOD_PASSWORD, type Stack, startStack } from '../../../src/testing';

let stack: Stack;
const savedDataDir = process.env.DATA_DIR;
beforeAll(async () => {
  // The projections lag the log as under load, so an answer that did not wait would be caught out.
  stack = await startStack({ projectionCommitDelayMs: 60 });
  process.env.DATA_DIR = stack.dir;
});
afterAll(async () => {
  if (savedDataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = savedDataDir;
  await stack.close();
});

test('5 × grant then revoke the auditor role: the old token is allowed, then refused, on the very next request', async () => {
  const email = freshEmail('revoke');
  const registered = await stack.client().post('/api/auth/register', { email, password: GOOD_PASSWORD });
  expect(registered.status).toBe(201);
  const token = String(registered.body.token);
  const audit = () => stack.client().get('/api/audit/documents').set('Authorization', `Bearer ${token}`);
  const lines: string[] = [];
  const statuses: number[] = [];
  for (let round = 0; round < 5; round++) {
    expect(await runAdmin(['grant-role', email, 'auditor'], (line) => lines.push(line))).toBe(0);
    statuses.push((await audit()).status);
    expect(await runAdmin(['revoke-role', email, 'auditor'], (line) => lines.push(line))).toBe(0);
    statuses.push((await audit()).status);
  }
  expect(statuses).toEqual([200, 403, 200, 403, 200, 403, 200, 403, 200, 403]);
  expect(lines.filter((line) => line.startsWith('In force'))).toHaveLength(10);
}, 60_000);
