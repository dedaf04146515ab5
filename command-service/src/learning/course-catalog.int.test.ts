/**
 * The command side's view of the published course: foldModule over a module's catalog stream, and
 * createCourseCatalog over a real SQLite event log holding the authored course.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EventOf, streams } from '@tickwise/contracts';
import { SqliteEventLog } from '@tickwise/platform';
import { documentHash, loadComplianceDocuments } from '../catalog/compliance-documents';
import { loadCourse } from '../catalog/course-content';
import { publishCourse } from '../catalog/publish-course';
import { publishDocuments } from '../catalog/publish-documents';
import { createCourseCatalog, foldModule } from './course-catalog';

type Published = EventOf<'ModulePublished' | 'LessonPublished' | 'QuizPublished'>;
const HASH = 'c'.repeat(64);

const modulePublished = (lessonIds: number[], title = 'What Futures Are'): Published => ({
  type: 'ModulePublished',
  data: { moduleId: 1, title, level: 'BEGINNER', description: 'd', lessonIds, contentHash: HASH },
});
const quizPublished = (
  questions: Array<[id: number, correctAnswer: number, optionCount: number]>,
): Published => ({
  type: 'QuizPublished',
  data: {
    moduleId: 1,
    contentHash: HASH,
    questions: questions.map(([id, correctAnswer, optionCount]) => ({
      id,
      question: `Question ${id}?`,
      options: Array.from({ length: optionCount }, (_, i) => `option ${i + 1}`),
      correctAnswer,
      explanation: 'because',
    })),
  },
});
const lessonPublished = (lessonId: number): Published => ({
  type: 'LessonPublished',
  data: {
    lessonId,
    moduleId: 1,
    position: lessonId,
    title: `Lesson ${lessonId}`,
    description: 'd',
    duration: 5,
    videoUrl: null,
    content: '## Overview\n\ntext',
    contentHash: HASH,
  },
});
/** Each question's key and option count (the fixtures' explanations and whyWrong are checked on their own). */
const keys = (module: ReturnType<typeof foldModule>) =>
  module
    ? Object.fromEntries(
        [...module.questions].map(([id, q]) => [
          id,
          { correctAnswer: q.correctAnswer, optionCount: q.optionCount },
        ]),
      )
    : undefined;

describe('foldModule', () => {
  test('an empty stream (module never published) folds to undefined', () => {
    expect(foldModule([])).toBeUndefined();
  });

  test('module, lessons and quiz fold to the lesson ids and the answer key with option counts', () => {
    const module = foldModule([
      modulePublished([1, 2, 3, 4]),
      ...[1, 2, 3, 4].map(lessonPublished),
      quizPublished([
        [101, 2, 4],
        [102, 3, 3],
      ]),
    ]);
    expect(module?.moduleId).toBe(1);
    expect(module?.lessonIds).toEqual([1, 2, 3, 4]);
    expect(keys(module)).toEqual({
      101: { correctAnswer: 2, optionCount: 4 },
      102: { correctAnswer: 3, optionCount: 3 },
    });
  });

  test('each key carries the explanation and the feedback per wrong option; events without whyWrong fold to none', () => {
    const withFeedback = quizPublished([[101, 2, 3]]);
    if (withFeedback.type !== 'QuizPublished') throw new Error('fixture');
    const [first] = withFeedback.data.questions;
    const module = foldModule([
      modulePublished([1]),
      {
        ...withFeedback,
        data: {
          ...withFeedback.data,
          questions: [
            { ...(first as NonNullable<typeof first>), whyWrong: { 1: 'not one', 3: 'not three' } },
          ],
        },
      },
    ]);
    expect(module?.questions.get(101)).toEqual({
      correctAnswer: 2,
      optionCount: 3,
      explanation: 'because',
      whyWrong: { 1: 'not one', 3: 'not three' },
    });
    const old = foldModule([modulePublished([1]), quizPublished([[101, 2, 3]])]);
    expect(old?.questions.get(101)?.whyWrong).toEqual({});
  });

  test('a module without a quiz has no questions', () => {
    expect(keys(foldModule([modulePublished([1, 2])]))).toEqual({});
  });

  test('a republished module replaces the lesson ids and keeps the quiz', () => {
    const module = foldModule([
      modulePublished([1, 2, 3, 4]),
      quizPublished([[101, 1, 2]]),
      modulePublished([1, 2, 4]),
    ]);
    expect(module?.lessonIds).toEqual([1, 2, 4]);
    expect(keys(module)).toEqual({ 101: { correctAnswer: 1, optionCount: 2 } });
  });

  test('a republished quiz replaces the whole answer key (a removed question is gone)', () => {
    const module = foldModule([
      modulePublished([1]),
      quizPublished([
        [101, 1, 2],
        [102, 2, 2],
      ]),
      quizPublished([[101, 2, 3]]),
    ]);
    expect(keys(module)).toEqual({ 101: { correctAnswer: 2, optionCount: 3 } });
  });
});

describe('createCourseCatalog over the published course', () => {
  let dir: string;
  let log: SqliteEventLog;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tickwise-catalog-'));
    log = new SqliteEventLog({ file: join(dir, 'events.db') });
    await publishCourse(log, loadCourse(), { actor: 'system:test', now: () => new Date() });
  });
  afterAll(async () => {
    await log.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('module 1: lessons 1-4 and its questions with their 1-based keys and feedback from content/course/01-*', async () => {
    const module = await createCourseCatalog(log).module(1);
    const authored = loadCourse().modules[0]?.quiz ?? [];
    expect(authored.length).toBeGreaterThanOrEqual(8);
    expect(module?.lessonIds).toEqual([1, 2, 3, 4]);
    expect([...(module?.questions.keys() ?? [])]).toEqual(authored.map((q) => q.id));
    expect([...(module?.questions.values() ?? [])]).toEqual(
      authored.map((q) => ({
        correctAnswer: q.correctAnswer,
        optionCount: q.options.length,
        explanation: q.explanation,
        whyWrong: Object.fromEntries(Object.entries(q.whyWrong)),
      })),
    );
  });

  test('every module 1-12 is there; 0, 13, 1.5 and NaN are not', async () => {
    const catalog = createCourseCatalog(log);
    for (let id = 1; id <= 12; id++) expect((await catalog.module(id))?.lessonIds).toHaveLength(4);
    for (const id of [0, 13, 1.5, Number.NaN, -1]) expect(await catalog.module(id)).toBeUndefined();
  });

  test('question(id) finds the module that holds a question; an unknown question is undefined', async () => {
    const catalog = createCourseCatalog(log);
    const course = loadCourse();
    const first = course.modules[0]?.quiz[0];
    expect(await catalog.question(101)).toMatchObject({
      moduleId: 1,
      correctAnswer: first?.correctAnswer,
      optionCount: first?.options.length,
    });
    const last = course.modules[11]?.quiz.at(-1);
    expect(last).toBeDefined();
    expect(await catalog.question(last?.id ?? 0)).toMatchObject({
      moduleId: 12,
      correctAnswer: last?.correctAnswer,
      optionCount: last?.options.length,
    });
    expect(await catalog.question(1)).toBeUndefined();
  });

  test('once caught up, lookups read only the head of the log, once per turn of the event loop: no catalog event is read again', async () => {
    const catalog = createCourseCatalog(log);
    const module11 = loadCourse().modules[10];
    const questionId = module11?.quiz.at(-1)?.id ?? 0;
    const lesson = module11?.lessons.find((l) => l.checks.length > 0);
    const checkId = lesson?.checks[0]?.id ?? 0;
    expect(await catalog.question(questionId)).toMatchObject({ moduleId: 11 });
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    await nextTurn();
    const reads = jest.spyOn(log, 'readAll');
    const heads = jest.spyOn(log, 'headPosition');
    const streamReads = jest.spyOn(log, 'readStream');
    try {
      expect(await catalog.question(questionId)).toMatchObject({ moduleId: 11 });
      expect(await catalog.check(lesson?.id ?? 0, checkId)).toMatchObject({ moduleId: 11 });
      expect(await catalog.module(3)).toBeDefined();
      // Three lookups in one turn: one head read.
      expect({
        heads: heads.mock.calls.length,
        reads: reads.mock.calls.length,
        streamReads: streamReads.mock.calls.length,
      }).toEqual({ heads: 1, reads: 0, streamReads: 0 });
      await nextTurn();
      expect(await catalog.module(3)).toBeDefined();
      // The next turn asks again.
      expect(heads.mock.calls.length).toBe(2);
    } finally {
      reads.mockRestore();
      heads.mockRestore();
      streamReads.mockRestore();
    }
  });

  test('a module published again is picked up by the next call (cached per stream revision)', async () => {
    const catalog = createCourseCatalog(log);
    expect((await catalog.module(12))?.lessonIds).toHaveLength(4);
    const stream = streams.catalogModule(12);
    const history = await log.readStream(stream);
    const first = history[0];
    if (first?.type !== 'ModulePublished') throw new Error('module 12 does not start with ModulePublished');
    const data = first.data as EventOf<'ModulePublished'>['data'];
    await log.appendToStream(
      stream,
      [
        {
          type: 'ModulePublished',
          data: { ...data, lessonIds: data.lessonIds.slice(0, 3), contentHash: 'd'.repeat(64) },
          metadata: {
            correlationId: 't',
            causationId: 't',
            actor: 'system:test',
            occurredAt: new Date().toISOString(),
            schemaVersion: 1,
          },
        },
      ],
      { expectedRevision: history.length - 1 },
    );
    expect((await catalog.module(12))?.lessonIds).toEqual(data.lessonIds.slice(0, 3));
  });
});

describe('the compliance documents in force', () => {
  let dir: string;
  let log: SqliteEventLog;
  const options = { actor: 'system:test', now: () => new Date() };
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tickwise-catalog-documents-'));
    log = new SqliteEventLog({ file: join(dir, 'events.db') });
  });
  afterAll(async () => {
    await log.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('each document type’s latest published version, as published; a newer version is picked up by the next call', async () => {
    const catalog = createCourseCatalog(log);
    expect(await catalog.documentInForce('risk_disclosure')).toBeUndefined();
    const authored = loadComplianceDocuments();
    await publishDocuments(log, authored, options);
    for (const type of [
      'risk_disclosure',
      'cftc_warning',
      'educational_disclaimer',
      'privacy_policy',
    ] as const) {
      const latest = authored.filter((d) => d.documentType === type).at(-1);
      expect({ type, inForce: await catalog.documentInForce(type) }).toEqual({
        type,
        inForce: {
          version: latest?.version,
          contentHash: latest?.contentHash,
          consentText: latest?.consentText,
        },
      });
    }
    const current = authored.filter((d) => d.documentType === 'cftc_warning').at(-1);
    if (!current) throw new Error('no CFTC warning authored');
    const next = { ...current, version: '9.0', content: `${current.content}\n\nOne more sentence.` };
    const newer = { ...next, contentHash: documentHash(next) };
    await publishDocuments(log, [newer], options);
    expect(await catalog.documentInForce('cftc_warning')).toEqual({
      version: '9.0',
      contentHash: newer.contentHash,
      consentText: newer.consentText,
    });
  });
});
