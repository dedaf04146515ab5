/**
 * GET /api/contract-specs on the whole stack, with the content published as at start-up: the authored
 * specifications for every signed-in learner (compliant or not yet), none for a visitor.
 */
import type { ContractSpec } from '@tickwise/contracts';
import {
  type Learner,
  loadContractSpecs,
  registerLearner,
  type Stack,
  startCourseStack,
} from '../../../src/testing';

let stack: Stack;
let learner: Learner;
beforeAll(async () => {
  stack = await startCourseStack({ storage: 'memory' });
  // Registered only: the calculator is a tool for every signed-in learner, before the compliance gate too.
  learner = await registerLearner(stack, 'specs');
});
afterAll(async () => {
  await stack?.close();
});

const AUTHORED = loadContractSpecs();
const REQUIRED = ['ES', 'MES', 'NQ', 'MNQ', 'CL', 'MCL', 'GC', 'MGC', 'ZN', 'ZC', '6E'];

test('a signed-in learner gets every authored specification, as authored', async () => {
  const res = await learner.get('/api/contract-specs');
  expect(res.status).toBe(200);
  expect(res.body).toEqual(AUTHORED.specs);
  const symbols = (res.body as ContractSpec[]).map((spec) => spec.symbol);
  expect(symbols).toEqual(expect.arrayContaining(REQUIRED));
});

test('ES: a quarter point is worth $12.50, $50 a point, cash-settled, with a dated illustrative margin', async () => {
  const es = ((await learner.get('/api/contract-specs')).body as ContractSpec[]).find(
    (s) => s.symbol === 'ES',
  );
  expect(es).toMatchObject({ tickSize: 0.25, tickValue: 12.5, multiplier: 50, settlement: 'cash' });
  expect(es?.illustrativeMargin.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(es?.specUrl).toMatch(/^https:\/\/www\.cmegroup\.com\//);
});

test('a visitor is refused with 401', async () => {
  const res = await stack.client().get('/api/contract-specs');
  expect(res.status).toBe(401);
  expect(res.body).toEqual({ error: expect.any(String) });
});
