import { type EventOf, streams } from '@tickwise/contracts';
import type { EventLog, NewEvent, Position } from '@tickwise/platform';
import { type Course, type CourseModule, hashContent } from './course-content';

type Published = EventOf<'ModulePublished' | 'LessonPublished' | 'QuizPublished'>;

/** The events that bring one module's catalog stream up to date with its files (none when unchanged). */
export function moduleChanges(module: CourseModule, published: readonly Published[]): Published[] {
  const lastHash = (match: (e: Published) => boolean) =>
    [...published].reverse().find(match)?.data.contentHash;
  const changes: Published[] = [];
  const moduleData = {
    moduleId: module.id,
    title: module.title,
    level: module.level,
    description: module.description,
    lessonIds: module.lessons.map((l) => l.id),
  };
  const moduleHash = hashContent(moduleData);
  if (lastHash((e) => e.type === 'ModulePublished') !== moduleHash) {
    changes.push({ type: 'ModulePublished', data: { ...moduleData, contentHash: moduleHash } });
  }
  for (const lesson of module.lessons) {
    const lessonData = {
      lessonId: lesson.id,
      moduleId: module.id,
      position: lesson.position,
      title: lesson.title,
      description: lesson.description,
      duration: lesson.duration,
      videoUrl: lesson.videoUrl,
      content: lesson.content,
      checks: lesson.checks,
    };
    const hash = hashContent(lessonData);
    if (lastHash((e) => e.type === 'LessonPublished' && e.data.lessonId === lesson.id) !== hash) {
      changes.push({ type: 'LessonPublished', data: { ...lessonData, contentHash: hash } });
    }
  }
  const quizData = { moduleId: module.id, questions: module.quiz };
  const quizHash = hashContent(quizData);
  if (lastHash((e) => e.type === 'QuizPublished') !== quizHash) {
    changes.push({ type: 'QuizPublished', data: { ...quizData, contentHash: quizHash } });
  }
  return changes;
}

/**
 * Publishes the course into `catalog-course-module-{id}` streams: a module, lesson or quiz whose content
 * hash changed is published again; unchanged content appends nothing.
 */
export async function publishCourse(
  log: EventLog,
  course: Course,
  options: { actor: string; now: () => Date },
): Promise<{ published: number; position: Position | undefined }> {
  let published = 0;
  let position: Position | undefined;
  for (const module of course.modules) {
    const stream = streams.catalogModule(module.id);
    const history = await log.readStream(stream);
    const changes = moduleChanges(
      module,
      history.map((e) => ({ type: e.type, data: e.data }) as Published),
    );
    if (changes.length === 0) continue;
    const occurredAt = options.now().toISOString();
    const events: NewEvent[] = changes.map((change) => ({
      ...change,
      metadata: {
        correlationId: `publish:course-module-${module.id}`,
        causationId: `publish:course-module-${module.id}`,
        actor: options.actor,
        occurredAt,
        schemaVersion: 1,
      },
    }));
    const result = await log.appendToStream(stream, events, {
      expectedRevision: history.length > 0 ? history.length - 1 : 'no_stream',
    });
    published += changes.length;
    position = result.position;
  }
  return { published, position };
}
