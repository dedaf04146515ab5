import { type EventOf, limits, streams } from '@tickwise/contracts';
import type { EventLog } from '@tickwise/platform';
import { type AnswerKey, answerKeyOf } from './answer-key';

export interface CatalogModule {
  moduleId: number;
  lessonIds: readonly number[];
  /** The module quiz's answer keys by question id. */
  questions: ReadonlyMap<number, AnswerKey>;
  /** The lessons' 'Check your understanding' keys by check id, each with its lesson. */
  checks: ReadonlyMap<number, LessonCheckKey>;
}

export interface LessonCheckKey extends AnswerKey {
  lessonId: number;
}

type Published = EventOf<'ModulePublished' | 'LessonPublished' | 'QuizPublished'>;

/** Folds a module's catalog stream into what the learning rules need (lesson ids, answer keys, check keys). */
export function foldModule(events: readonly Published[]): CatalogModule | undefined {
  let module: CatalogModule | undefined;
  for (const event of events) {
    if (event.type === 'ModulePublished') {
      module = {
        moduleId: event.data.moduleId,
        lessonIds: event.data.lessonIds,
        questions: module?.questions ?? new Map(),
        checks: module?.checks ?? new Map(),
      };
    } else if (event.type === 'LessonPublished' && module) {
      // A republished lesson replaces that lesson's checks (a removed check is gone).
      const { lessonId, checks = [] } = event.data;
      const others = [...module.checks].filter(([, check]) => check.lessonId !== lessonId);
      module = {
        ...module,
        checks: new Map([...others, ...checks.map((c) => [c.id, { ...answerKeyOf(c), lessonId }] as const)]),
      };
    } else if (event.type === 'QuizPublished' && module) {
      module = {
        ...module,
        questions: new Map(event.data.questions.map((q) => [q.id, answerKeyOf(q)])),
      };
    }
  }
  return module;
}

/**
 * The command side's view of the published course, read from the catalog streams and cached per stream
 * revision (a republished module is picked up on the next command).
 */
export function createCourseCatalog(log: EventLog) {
  const cache = new Map<number, { revision: number; module: CatalogModule | undefined }>();
  async function module(moduleId: number): Promise<CatalogModule | undefined> {
    if (!Number.isInteger(moduleId) || moduleId < 1 || moduleId > limits.modules) return undefined;
    const stream = streams.catalogModule(moduleId);
    const [last] = await log.readStream(stream, { direction: 'backwards', maxCount: 1 });
    if (!last) return undefined;
    const cached = cache.get(moduleId);
    if (cached?.revision === last.revision) return cached.module;
    const events = await log.readStream(stream);
    const folded = foldModule(events.map((e) => ({ type: e.type, data: e.data }) as Published));
    cache.set(moduleId, { revision: last.revision, module: folded });
    return folded;
  }
  return {
    module,
    /** The module that holds a quiz question, and the question's answer key. */
    async question(questionId: number) {
      for (let moduleId = 1; moduleId <= limits.modules; moduleId++) {
        const found = (await module(moduleId))?.questions.get(questionId);
        if (found) return { moduleId, ...found };
      }
      return undefined;
    },
    /**
     * A lesson check's key, with the module it belongs to: only when the check belongs to that lesson and
     * the lesson is in its module now (undefined otherwise).
     */
    async check(lessonId: number, checkId: number) {
      for (let moduleId = 1; moduleId <= limits.modules; moduleId++) {
        const found = await module(moduleId);
        const check = found?.checks.get(checkId);
        if (check && check.lessonId === lessonId && found?.lessonIds.includes(lessonId)) {
          return { moduleId, ...check };
        }
      }
      return undefined;
    },
  };
}

export type CourseCatalog = ReturnType<typeof createCourseCatalog>;
