import { createHash } from 'node:crypto';
import { type DocumentType, type DomainEvent, type EventOf, limits, streams } from '@tickwise/contracts';
import { comparePositions, type EventLog, type Position, START } from '@tickwise/platform';
import type { ActiveVersion } from '../compliance/compliance-record';
import { type AnswerKey, answerKeyOf } from './answer-key';

export interface CatalogModule {
  moduleId: number;
  lessonIds: readonly number[];
  /** The module quiz's answer keys by question id. */
  questions: ReadonlyMap<number, AnswerKey>;
  /** The lessons' 'Check your understanding' keys by check id, each with its lesson. */
  checks: ReadonlyMap<number, LessonCheckKey>;
}

/** The whole course in force, as the certificate rule reads it. */
export interface CatalogCourse {
  /** SHA-256 of the content hashes of every module, lesson and quiz in force: a new version is a new hash. */
  version: string;
  modules: ReadonlyArray<Pick<CatalogModule, 'moduleId' | 'lessonIds'>>;
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

const COURSE = ['ModulePublished', 'LessonPublished', 'QuizPublished'] as const;
/** What the catalog reads of the log: the course's publications and the compliance documents'. */
const PUBLISHED = [...COURSE, 'ComplianceDocumentPublished'] as const;
const isPublished = (event: DomainEvent): event is Published =>
  (COURSE as readonly string[]).includes(event.type);

/**
 * The command side's view of the published course and of the compliance documents in force, folded from the
 * catalog streams in memory. Before a lookup it asks the log for its head (once per turn of the event loop)
 * and, when the log has grown, reads only the catalog events appended since (the log's type filter; personal
 * fields left sealed), so a module or document version published a moment ago — by this process or another —
 * is picked up by the next command, and a lookup costs at most one head read otherwise.
 */
export function createCourseCatalog(log: EventLog) {
  const published = new Map<number, Published[]>();
  const folded = new Map<number, CatalogModule | undefined>();
  /** Per document type, the version in force: the latest published into its catalog stream. */
  const documents = new Map<DocumentType, ActiveVersion>();
  let after: Position = START;
  let catchingUp: Promise<void> | undefined;

  /**
   * The log's head, asked at most once per turn of the event loop: the lookups of one turn (a busy turn serves
   * many commands) see the log as it was at the first of them, and the next turn asks again.
   */
  let headThisTurn: Promise<Position> | undefined;
  function headPosition(): Promise<Position> {
    if (headThisTurn === undefined) {
      headThisTurn = log.headPosition();
      setImmediate(() => {
        headThisTurn = undefined;
      });
    }
    return headThisTurn;
  }

  async function catchUp(): Promise<void> {
    const head = await headPosition();
    if (comparePositions(head, after) <= 0) return;
    const changed = new Set<number>();
    for await (const batch of log.readAll({ fromPosition: after, types: PUBLISHED, personalData: false })) {
      for (const event of batch) {
        after = event.position;
        if (event.type === 'ComplianceDocumentPublished') {
          const { documentType, version, contentHash, consentText } = event.data;
          if (event.stream === streams.catalogDocument(documentType))
            documents.set(documentType, { version, contentHash, consentText });
          continue;
        }
        if (!isPublished(event)) continue;
        const { moduleId } = event.data;
        if (event.stream !== streams.catalogModule(moduleId)) continue;
        published.set(moduleId, [...(published.get(moduleId) ?? []), event]);
        changed.add(moduleId);
      }
    }
    if (comparePositions(head, after) > 0) after = head;
    for (const moduleId of changed) folded.set(moduleId, foldModule(published.get(moduleId) ?? []));
    if (changed.size > 0) wholeCourse = undefined;
  }

  /** Catches up once for every lookup waiting at the same time. */
  async function current(): Promise<void> {
    catchingUp ??= catchUp().finally(() => {
      catchingUp = undefined;
    });
    await catchingUp;
  }

  async function module(moduleId: number): Promise<CatalogModule | undefined> {
    if (!Number.isInteger(moduleId) || moduleId < 1 || moduleId > limits.modules) return undefined;
    await current();
    return folded.get(moduleId);
  }

  /** The first module where `find` finds something. */
  async function search<T>(find: (module: CatalogModule, moduleId: number) => T | undefined) {
    await current();
    for (const [moduleId, found] of [...folded].sort(([a], [b]) => a - b)) {
      const hit = found && find(found, moduleId);
      if (hit) return hit;
    }
    return undefined;
  }

  /** The course in force, worked out again only after a publication (every lesson completion asks for it). */
  let wholeCourse: { readonly course: CatalogCourse | undefined } | undefined;
  function courseInForce(): CatalogCourse | undefined {
    const modules = [...folded.values()]
      .filter((found): found is CatalogModule => found !== undefined)
      .sort((a, b) => a.moduleId - b.moduleId)
      .map(({ moduleId, lessonIds }) => ({ moduleId, lessonIds }));
    return modules.length === 0 ? undefined : { version: courseVersion(), modules };
  }

  /** Each publication's key within its module stream and its content hash, the latest of each. */
  function courseVersion(): string {
    const lines: string[] = [];
    for (const [moduleId, events] of [...published].sort(([a], [b]) => a - b)) {
      const latest = new Map<string, string>();
      for (const event of events) {
        const key = event.type === 'LessonPublished' ? `lesson ${event.data.lessonId}` : event.type;
        latest.set(key, event.data.contentHash);
      }
      for (const [key, hash] of [...latest].sort(([a], [b]) => a.localeCompare(b)))
        lines.push(`${moduleId} ${key} ${hash}`);
    }
    return createHash('sha256').update(lines.join('\n')).digest('hex');
  }

  return {
    module,
    /** The published course (undefined before any module is published). */
    async course(): Promise<CatalogCourse | undefined> {
      await current();
      wholeCourse ??= { course: courseInForce() };
      return wholeCourse.course;
    },
    /** The version in force of a compliance document (the server's copy, never the client's). */
    async documentInForce(documentType: DocumentType): Promise<ActiveVersion | undefined> {
      await current();
      return documents.get(documentType);
    },
    /** The module that holds a quiz question, and the question's answer key. */
    question(questionId: number) {
      return search((found, moduleId) => {
        const key = found.questions.get(questionId);
        return key && { moduleId, ...key };
      });
    },
    /**
     * A lesson check's key, with the module it belongs to: only when the check belongs to that lesson and
     * the lesson is in its module now (undefined otherwise).
     */
    check(lessonId: number, checkId: number) {
      return search((found, moduleId) => {
        const check = found.checks.get(checkId);
        return check && check.lessonId === lessonId && found.lessonIds.includes(lessonId)
          ? { moduleId, ...check }
          : undefined;
      });
    },
  };
}

export type CourseCatalog = ReturnType<typeof createCourseCatalog>;
