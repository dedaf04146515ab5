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
 * revision (a republished module is picked up on the next command). A question or check is looked up in the
 * module that held it when last read — one stream head read to confirm that module is current — and only
 * when it is not there are the modules searched in turn.
 */
export function createCourseCatalog(log: EventLog) {
  const cache = new Map<number, { revision: number; module: CatalogModule | undefined }>();
  /** Where each question and check was when its module was last folded. */
  const moduleOfQuestion = new Map<number, number>();
  const moduleOfCheck = new Map<number, number>();
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
    for (const questionId of folded?.questions.keys() ?? []) moduleOfQuestion.set(questionId, moduleId);
    for (const checkId of folded?.checks.keys() ?? []) moduleOfCheck.set(checkId, moduleId);
    return folded;
  }
  /** The first module (the one that held `id` last, then each in turn) where `find` finds something. */
  async function search<T>(
    last: number | undefined,
    find: (module: CatalogModule, moduleId: number) => T | undefined,
  ): Promise<T | undefined> {
    const order = last === undefined ? [] : [last];
    for (let moduleId = 1; moduleId <= limits.modules; moduleId++)
      if (moduleId !== last) order.push(moduleId);
    for (const moduleId of order) {
      const found = await module(moduleId);
      const hit = found && find(found, moduleId);
      if (hit) return hit;
    }
    return undefined;
  }
  return {
    module,
    /** The module that holds a quiz question, and the question's answer key. */
    question(questionId: number) {
      return search(moduleOfQuestion.get(questionId), (found, moduleId) => {
        const key = found.questions.get(questionId);
        return key && { moduleId, ...key };
      });
    },
    /**
     * A lesson check's key, with the module it belongs to: only when the check belongs to that lesson and
     * the lesson is in its module now (undefined otherwise).
     */
    check(lessonId: number, checkId: number) {
      return search(moduleOfCheck.get(checkId), (found, moduleId) => {
        const check = found.checks.get(checkId);
        return check && check.lessonId === lessonId && found.lessonIds.includes(lessonId)
          ? { moduleId, ...check }
          : undefined;
      });
    },
  };
}

export type CourseCatalog = ReturnType<typeof createCourseCatalog>;
