/**
 * Publishing the course: content files → ModulePublished / LessonPublished /
 * QuizPublished with content hashes; only what changed is published again; unchanged content appends
 * nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EventOf, eventCodecs, streams } from '@tickwise/contracts';
import { type RecordedEvent, SqliteEventLog, START } from '@tickwise/platform';
import { type Course, type CourseModule, hashContent, loadCourse } from './course-content';
import { moduleChanges, publishCourse } from './publish-course';

type Published = EventOf<'ModulePublished' | 'LessonPublished' | 'QuizPublished'>;
const SHA256 = /^[0-9a-f]{64}$/;

const COURSE = loadCourse();
const moduleAt = (course: Course, index: number): CourseModule => {
  const module = course.modules[index];
  if (!module) throw new Error(`no module at ${index}`);
  return module;
};
const MODULE_1 = moduleAt(COURSE, 0);

async function allEvents(log: SqliteEventLog): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for await (const batch of log.readAll({ fromPosition: START })) events.push(...batch);
  return events;
}

describe('moduleChanges', () => {
  test('a module never published: its module, every lesson and its quiz, in that order, with content hashes', () => {
    const changes = moduleChanges(MODULE_1, []);
    expect(changes.map((c) => c.type)).toEqual([
      'ModulePublished',
      'LessonPublished',
      'LessonPublished',
      'LessonPublished',
      'LessonPublished',
      'QuizPublished',
    ]);
    const [module, ...rest] = changes;
    expect(module?.data).toEqual({
      moduleId: 1,
      title: MODULE_1.title,
      level: 'BEGINNER',
      description: MODULE_1.description,
      lessonIds: [1, 2, 3, 4],
      contentHash: expect.stringMatching(SHA256),
    });
    const lessons = rest.filter((c) => c.type === 'LessonPublished');
    expect(lessons.map((c) => c.type === 'LessonPublished' && [c.data.lessonId, c.data.position])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 4],
    ]);
    const quiz = changes.at(-1);
    expect(quiz?.type === 'QuizPublished' && quiz.data.questions.map((q) => q.id)).toEqual([
      101, 102, 103, 104, 105, 106, 107, 108, 111, 110,
    ]);
    expect(quiz?.type === 'QuizPublished' && quiz.data.questions.map((q) => q.correctAnswer)).toEqual([
      4, 4, 1, 1, 3, 3, 2, 3, 1, 4,
    ]);
    // Every event is valid against its contract codec.
    for (const change of changes) expect(eventCodecs[change.type].is(change.data)).toBe(true);
  });

  test('the hash is the content hash of the data without the hash itself', () => {
    for (const change of moduleChanges(MODULE_1, [])) {
      const { contentHash, ...rest } = change.data;
      expect(contentHash).toBe(hashContent(rest));
    }
  });

  test('unchanged content → no changes', () => {
    expect(moduleChanges(MODULE_1, moduleChanges(MODULE_1, []))).toEqual([]);
  });

  test('a changed lesson → only that LessonPublished, carrying the new content and a new hash', () => {
    const published = moduleChanges(MODULE_1, []);
    const lessons = MODULE_1.lessons.map((lesson) =>
      lesson.id === 3 ? { ...lesson, content: `${lesson.content}\n\nOne more paragraph.` } : lesson,
    );
    const changes = moduleChanges({ ...MODULE_1, lessons }, published);
    expect(changes).toHaveLength(1);
    const [change] = changes;
    expect(change?.type).toBe('LessonPublished');
    if (change?.type !== 'LessonPublished') return;
    expect(change.data.lessonId).toBe(3);
    expect(change.data.content).toMatch(/One more paragraph\.$/);
    const before = published.find((e) => e.type === 'LessonPublished' && e.data.lessonId === 3);
    expect(change.data.contentHash).not.toBe(before?.data.contentHash);
    // …and once that is published too, nothing is left to publish.
    expect(moduleChanges({ ...MODULE_1, lessons }, [...published, change])).toEqual([]);
  });

  test('a changed lesson duration, a changed quiz answer key and a changed module title each publish only themselves', () => {
    const published = moduleChanges(MODULE_1, []);
    const types = (module: CourseModule) => moduleChanges(module, published).map((c) => c.type);
    const lessons = MODULE_1.lessons.map((l) => (l.id === 1 ? { ...l, duration: l.duration + 1 } : l));
    expect(types({ ...MODULE_1, lessons })).toEqual(['LessonPublished']);
    const quiz = MODULE_1.quiz.map((q, i) => (i === 0 ? { ...q, correctAnswer: 1 } : q));
    expect(types({ ...MODULE_1, quiz })).toEqual(['QuizPublished']);
    expect(types({ ...MODULE_1, title: 'Another title' })).toEqual(['ModulePublished']);
  });

  test('the latest published hash is the one compared (a change reverted is published again)', () => {
    const original = moduleChanges(MODULE_1, []);
    const changedModule = { ...MODULE_1, title: 'Another title' };
    const history: Published[] = [...original, ...moduleChanges(changedModule, original)];
    expect(moduleChanges(MODULE_1, history).map((c) => c.type)).toEqual(['ModulePublished']);
    expect(moduleChanges(changedModule, history)).toEqual([]);
  });
});

describe('publishCourse on the real course', () => {
  let dir: string;
  let log: SqliteEventLog;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tickwise-publish-'));
    log = new SqliteEventLog({ file: join(dir, 'events.db') });
  });
  afterEach(async () => {
    await log.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const options = { actor: 'system:publisher', now: () => new Date('2026-03-01T08:00:00.000Z') };

  test('12 module streams, 12 ModulePublished, 48 LessonPublished, 12 QuizPublished, each with a content hash', async () => {
    const result = await publishCourse(log, COURSE, options);
    expect(result.published).toBe(72);
    const events = await allEvents(log);
    expect(events).toHaveLength(72);
    expect(result.position).toBe(events.at(-1)?.position);
    const count = (type: string) => events.filter((e) => e.type === type).length;
    expect([count('ModulePublished'), count('LessonPublished'), count('QuizPublished')]).toEqual([
      12, 48, 12,
    ]);
    expect(new Set(events.map((e) => e.stream))).toEqual(
      new Set(Array.from({ length: 12 }, (_, i) => streams.catalogModule(i + 1))),
    );
    for (const event of events) {
      expect((event.data as Published['data']).contentHash).toMatch(SHA256);
      expect(event.metadata).toMatchObject({
        actor: 'system:publisher',
        occurredAt: '2026-03-01T08:00:00.000Z',
      });
    }
    for (let id = 1; id <= 12; id++) {
      const stream = await log.readStream(streams.catalogModule(id));
      expect(stream.map((e) => e.type)).toEqual([
        'ModulePublished',
        'LessonPublished',
        'LessonPublished',
        'LessonPublished',
        'LessonPublished',
        'QuizPublished',
      ]);
      expect(stream.every((e) => (e.data as { moduleId: number }).moduleId === id)).toBe(true);
    }
    // Lesson ids are unique across the whole course.
    const lessonIds = events
      .filter((e) => e.type === 'LessonPublished')
      .map((e) => (e.data as { lessonId: number }).lessonId);
    expect(new Set(lessonIds).size).toBe(48);
  });

  test('publishing the same course again appends nothing', async () => {
    await publishCourse(log, COURSE, options);
    const head = await log.headPosition();
    const again = await publishCourse(log, loadCourse(), options);
    expect(again).toEqual({ published: 0, position: undefined });
    expect(await log.headPosition()).toBe(head);
  });

  test('after one lesson changes, only that LessonPublished is appended, to its module stream', async () => {
    await publishCourse(log, COURSE, options);
    const head = await log.headPosition();
    const changed: Course = {
      modules: COURSE.modules.map((m) =>
        m.id !== 7
          ? m
          : {
              ...m,
              lessons: m.lessons.map((l, i) => (i === 1 ? { ...l, title: `${l.title} (revised)` } : l)),
            },
      ),
    };
    const result = await publishCourse(log, changed, options);
    expect(result.published).toBe(1);
    const appended: RecordedEvent[] = [];
    for await (const batch of log.readAll({ fromPosition: head })) appended.push(...batch);
    expect(appended.map((e) => [e.stream, e.type])).toEqual([[streams.catalogModule(7), 'LessonPublished']]);
    expect(appended[0]?.data).toMatchObject({
      moduleId: 7,
      position: 2,
      title: expect.stringMatching(/\(revised\)$/),
    });
    expect(await publishCourse(log, changed, options)).toEqual({ published: 0, position: undefined });
  });
});
