/**
 * GET /api/account/data ("Download my data") over the whole stack: everything recorded about the learner,
 * decrypted, in the documented format; the download recorded; only one's own; gone with the account.
 */

import { PERSONAL_DATA_FORMAT, type PersonalDataExport, streams } from '@tickwise/contracts';
import {
  GOOD_PASSWORD,
  type Person,
  passGate,
  RISK_ANSWERS,
  register,
  type Stack,
  startStack,
  testClock,
} from '../../../src/testing';

const DATA = '/api/account/data';
const AGENT = 'DataExportBrowser/3.0';
const clock = testClock('2026-04-01T09:00:00.000Z');
let stack: Stack;
let learner: Person;
let other: Person;
let exported: PersonalDataExport;

beforeAll(async () => {
  stack = await startStack({ storage: 'memory', clock, publishContent: true });
  learner = await register(stack, {
    label: 'export',
    firstName: 'Grace',
    lastName: 'Hopper',
    userAgent: AGENT,
  });
  other = await register(stack, { label: 'other', firstName: 'Other', lastName: 'Person' });
  await passGate(learner, clock);
  const lessons = (await learner.get('/api/modules/1/lessons')).body as Array<{ id: number }>;
  const lessonId = lessons[0]?.id;
  expect((await learner.post('/api/progress', { moduleId: 1, lessonId, completed: true })).status).toBe(201);
  expect((await learner.post('/api/quiz/attempt', { questionId: 101, selectedAnswer: 1 })).status).toBe(201);
  const questions = (await learner.get('/api/trading-psychology/questions')).body as Array<{ id: number }>;
  const responses = questions.map((q) => ({ questionId: q.id, value: 4 }));
  expect((await learner.post('/api/trading-psychology/assessment', { responses })).status).toBe(201);
  const res = await learner.get(DATA);
  expect(res.status).toBe(200);
  expect(res.headers['content-disposition']).toMatch(
    /attachment; filename="tickwise-my-data-2026-04-01\.json"/,
  );
  exported = JSON.parse(res.text) as PersonalDataExport;
});
afterAll(async () => {
  await stack?.close();
});

test('the file holds the profile, roles and every recorded fact, decrypted', () => {
  expect(exported).toMatchObject({
    format: PERSONAL_DATA_FORMAT,
    profile: { id: learner.userId, email: learner.email, firstName: 'Grace', lastName: 'Hopper' },
    roles: ['learner'],
    isCompliant: true,
  });
  expect(exported.acknowledgments.length).toBeGreaterThan(0);
  for (const ack of exported.acknowledgments) {
    expect(ack).toMatchObject({ ip: learner.ip, userAgent: AGENT, secondsRead: 15 });
  }
  expect(exported.documentViews).toHaveLength(exported.acknowledgments.length);
  expect(exported.riskAssessments).toEqual([
    expect.objectContaining({
      annualIncome: RISK_ANSWERS.annualIncome,
      riskCapacity: RISK_ANSWERS.riskCapacity,
    }),
  ]);
  expect(exported.lessonsCompleted).toEqual([expect.objectContaining({ moduleId: 1 })]);
  expect(exported.quizAnswers).toEqual([expect.objectContaining({ questionId: 101, selectedAnswer: 1 })]);
  expect(exported.psychologyAssessments).toHaveLength(1);
  expect(exported.psychologyAssessments[0]?.responses.every((r) => r.value === 4)).toBe(true);
  expect(exported.previousExports).toEqual([]);
  expect(JSON.stringify(exported)).not.toContain('tw1.');
  expect(JSON.stringify(exported)).not.toContain(other.email);
});

test('the download is recorded as PersonalDataExported; the next file lists it', async () => {
  const user = await stack.storage.log.readStream(streams.user(learner.userId));
  expect(user.filter((e) => e.type === 'PersonalDataExported').map((e) => e.data)).toEqual([
    { userId: learner.userId, exportedAt: exported.exportedAt },
  ]);
  const again = JSON.parse((await learner.get(DATA)).text) as PersonalDataExport;
  expect(again.previousExports).toEqual([exported.exportedAt]);
});

test('naming another learner is refused with a clear 400, and nothing is recorded', async () => {
  const before = await stack.head();
  const named = await learner.get(`${DATA}?userId=${other.userId}`);
  expect(named.status).toBe(400);
  expect(named.body).toEqual({
    error: 'userId: must be absent: the file holds your own data only, and names nobody else',
  });
  const erasing = await learner.post('/api/account/erasure', {
    password: GOOD_PASSWORD,
    userId: other.userId,
  });
  expect(erasing.status).toBe(400);
  expect(erasing.body).toEqual({
    error: 'userId: must be absent: only your own account can be deleted, and only by signing in to it',
  });
  // Another learner's password does not erase them from this account either: it is checked against the caller's.
  expect((await other.post('/api/account/erasure', { password: 'Wrong-for-them-1' })).status).toBe(400);
  expect(await stack.eventsAfter(before)).toEqual([]);
  expect((await other.get('/api/auth/me')).status).toBe(200);
  expect((await learner.get('/api/auth/me')).status).toBe(200);
});

test('each learner gets their own data only; after erasure the token gets 401 and nothing is recorded', async () => {
  const theirs = JSON.parse((await other.get(DATA)).text) as PersonalDataExport;
  expect(theirs.profile.id).toBe(other.userId);
  expect(theirs.acknowledgments).toEqual([]);
  expect((await learner.post('/api/account/erasure', { password: GOOD_PASSWORD })).status).toBe(200);
  const before = await stack.head();
  expect((await learner.get(DATA)).status).toBe(401);
  // Deleting twice: the second request is refused like any request of an erased account, recording nothing.
  expect((await learner.post('/api/account/erasure', { password: GOOD_PASSWORD })).status).toBe(401);
  expect(await stack.eventsAfter(before)).toEqual([]);
  expect((await stack.client().get(DATA)).status).toBe(401);
});
