import type {
  ContractSpec,
  EventOf,
  Lesson,
  MarginScenario,
  Module,
  PublishedQuestion,
} from '@tickwise/contracts';
import { documents, projection } from '../runtime/projection';

export interface ModuleDoc {
  id: string;
  moduleId: number;
  title: string;
  description: string;
  level: Module['level'];
  lessonIds: number[];
  [key: string]: unknown;
}

export interface LessonDoc extends Lesson {
  id: number;
  moduleId: number;
  position: number;
  [key: string]: unknown;
}

export interface QuizDoc {
  id: string;
  moduleId: number;
  /** As published, answer keys included: the query side serves only what a learner may see. */
  questions: PublishedQuestion[];
  [key: string]: unknown;
}

const modules = documents<ModuleDoc, EventOf<'ModulePublished'>>('modules', (event) => [
  String(event.data.moduleId),
]);
const lessons = documents<StoredLesson, EventOf<'LessonPublished'>>('lessons', (event) => [
  String(event.data.lessonId),
]);
/** What the module list needs of a lesson, apart from its content: the list never parses 48 lessons' text. */
export interface LessonSummaryDoc {
  id: string;
  lessonId: number;
  moduleId: number;
  duration: number;
  [key: string]: unknown;
}
const lessonSummaries = documents<LessonSummaryDoc, EventOf<'LessonPublished'>>(
  'lessonSummaries',
  (event) => [String(event.data.lessonId)],
);
const quizzes = documents<QuizDoc, EventOf<'QuizPublished'>>('quizzes', (event) => [
  String(event.data.moduleId),
]);

/** The contract specifications as last published: one document, 'current'. */
export interface ContractSpecsDoc {
  id: string;
  version: string;
  specs: ContractSpec[];
  [key: string]: unknown;
}
const contractSpecs = documents<ContractSpecsDoc, EventOf<'ContractSpecsPublished'>>('contractSpecs', () => [
  'current',
]);

/** The margin simulator's scenarios as last published: one document, 'current'. */
export interface MarginScenariosDoc {
  id: string;
  version: string;
  scenarios: MarginScenario[];
  [key: string]: unknown;
}
const marginScenarios = documents<MarginScenariosDoc, EventOf<'MarginScenariosPublished'>>(
  'marginScenarios',
  () => ['current'],
);

/** The published course: modules, lessons (by id, indexed by module; and their summaries) and module quizzes. */
export const catalogProjection = projection({
  name: 'catalog',
  version: 5,
  collections: [
    { name: 'modules' },
    { name: 'lessons', indexes: ['moduleId'] },
    { name: 'lessonSummaries' },
    { name: 'quizzes' },
    { name: 'contractSpecs' },
    { name: 'marginScenarios' },
  ],
  handlers: [
    modules.on('ModulePublished', (_doc, { data: { moduleId, title, description, level, lessonIds } }) => ({
      id: String(moduleId),
      moduleId,
      title,
      description,
      level,
      lessonIds,
    })),
    lessons.on('LessonPublished', (_doc, { data }) => ({
      id: String(data.lessonId),
      lessonId: data.lessonId,
      moduleId: data.moduleId,
      position: data.position,
      title: data.title,
      description: data.description,
      duration: data.duration,
      videoUrl: data.videoUrl,
      content: data.content,
      checks: data.checks ?? [],
    })),
    lessonSummaries.on('LessonPublished', (_doc, { data: { lessonId, moduleId, duration } }) => ({
      id: String(lessonId),
      lessonId,
      moduleId,
      duration,
    })),
    quizzes.on('QuizPublished', (_doc, { data: { moduleId, questions } }) => ({
      id: String(moduleId),
      moduleId,
      questions,
    })),
    contractSpecs.on('ContractSpecsPublished', (_doc, { data: { version, specs } }) => ({
      id: 'current',
      version,
      specs,
    })),
    marginScenarios.on('MarginScenariosPublished', (_doc, { data: { version, scenarios } }) => ({
      id: 'current',
      version,
      scenarios,
    })),
  ],
});

/** A stored lesson document as the API's Lesson (id is the lesson's integer id). */
export interface StoredLesson {
  id: string;
  lessonId: number;
  moduleId: number;
  position: number;
  title: string;
  description: string;
  duration: number;
  videoUrl: string | null;
  content: string;
  /** 'Check your understanding', as published (keys included: served only with a learner's answer). */
  checks: PublishedQuestion[];
  [key: string]: unknown;
}
