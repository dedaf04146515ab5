/**
 * Start-up over a data folder of the first edition: the log holds the first version of each compliance
 * document and an earlier psychology instrument, and a learner is compliant and has a result scored with
 * it. Start-up publishes the newer authored versions; the learner must acknowledge the new documents again,
 * and the old result keeps its instrument version and is described in the wording that scored it.
 */

import { publishContent } from '@tickwise/command-service';
import { DocumentType } from '@tickwise/contracts';
import {
  AUTHORED_DOCUMENTS,
  authoredVersionsOf,
  becomeCompliant,
  documentInForce,
  type Instrument,
  LATEST,
  type Learner,
  loadCourse,
  loadInstrument,
  publishCourse,
  publishDocuments,
  publishInstrument,
  QUESTIONS,
  registerLearner,
  type Stack,
  startStack,
  submitSheet,
  uniformSheet,
} from '../../../src/testing';

const CURRENT = loadInstrument();
/** An earlier instrument: the same items, its own version and its own archetype wording. */
const EARLIER: Instrument = {
  ...CURRENT,
  version: '1.0',
  archetypes: CURRENT.archetypes.map((a) => ({ ...a, description: `First edition: ${a.description}` })),
};
/** The first version of each document, as the first edition published it. */
const FIRST_EDITION = DocumentType.values.map((type) => {
  const [first] = authoredVersionsOf(type);
  if (!first) throw new Error(`no authored ${type}`);
  return first;
});
const options = { actor: 'system:publisher', now: () => new Date() };

let stack: Stack;
let learner: Learner;
let oldResult: Record<string, unknown>;
let restart: Awaited<ReturnType<typeof publishContent>>;

beforeAll(async () => {
  stack = await startStack({ storage: 'memory', env: { MIN_READ_SECONDS: '0' } });
  // The first edition's data folder.
  await publishDocuments(stack.storage.log, FIRST_EDITION, options);
  await publishCourse(stack.storage.log, loadCourse(), options);
  await publishInstrument(stack.storage.log, EARLIER, options);
  learner = await registerLearner(stack, 'first-edition');
  await becomeCompliant(learner);
  const res = await submitSheet(learner, uniformSheet(3));
  expect(res.status).toBe(201);
  oldResult = res.body;
  // Start-up with the current content over it.
  restart = await publishContent(stack.storage.log, stack.commandDeps.logger);
  learner.position = String(await stack.head());
});
afterAll(async () => {
  await stack?.close();
});

const isCompliant = async () => (await learner.get('/api/auth/me')).body.isCompliant as boolean;

test('the test starts from an older edition: the instrument and at least one document have a newer version', () => {
  expect(CURRENT.version).not.toBe(EARLIER.version);
  expect(FIRST_EDITION.some((doc) => doc !== documentInForce(doc.documentType))).toBe(true);
  expect(oldResult).toMatchObject({
    instrumentVersion: EARLIER.version,
    archetypeDescription: expect.stringMatching(/^First edition: /),
  });
});

test('start-up publishes every newer document version and the current instrument, and nothing of the course', () => {
  const newer = AUTHORED_DOCUMENTS.filter((doc) => !FIRST_EDITION.includes(doc));
  expect(restart.published).toEqual(newer.map((d) => ({ documentType: d.documentType, version: d.version })));
  expect(restart.psychology).toEqual({ published: true });
  expect(restart.course.published).toBe(0);
});

test('the learner is no longer compliant until they acknowledge the new versions, then is again', async () => {
  expect(await isCompliant()).toBe(false);
  expect((await learner.get(LATEST)).status).toBe(403);
  const documents = (await learner.get('/api/compliance/documents')).body as Array<{ version: string }>;
  expect(documents.map((d) => d.version)).toEqual(
    DocumentType.values.map((type) => documentInForce(type).version),
  );
  await becomeCompliant(learner);
  expect(await isCompliant()).toBe(true);
});

test('the old result keeps its instrument version and its own wording; new questions are the current ones', async () => {
  const latest = await learner.get(LATEST);
  expect(latest.status).toBe(200);
  expect(latest.body).toEqual(oldResult);
  const questions = await learner.get(QUESTIONS);
  expect(questions.body).toEqual(CURRENT.questions.map((q) => ({ id: q.id, question: q.question })));
  // A new assessment is scored with the current instrument and described in its wording.
  const retake = await submitSheet(learner, uniformSheet(3));
  expect(retake.body).toMatchObject({
    instrumentVersion: CURRENT.version,
    archetypeDescription: CURRENT.archetypes.find((a) => a.name === retake.body.traderArchetype)?.description,
  });
});

test('a second start-up appends nothing', async () => {
  const head = await stack.head();
  const again = await publishContent(stack.storage.log, stack.commandDeps.logger);
  expect(again.published).toEqual([]);
  expect(again.psychology).toEqual({ published: false });
  expect(await stack.head()).toBe(head);
});
