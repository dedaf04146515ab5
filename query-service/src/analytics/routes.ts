import {
  type DocumentType,
  documentKey,
  psychologyCategories,
  type QuizItemAnalytics,
} from '@tickwise/contracts';
import type { RouteHandlers } from '@tickwise/platform';
import {
  activeCollection,
  BANDS,
  type ComplianceAggregateDoc,
  checkItemKey,
  type DocumentVersionsDoc,
  type FunnelDoc,
  type ItemReviewsDoc,
  type ItemsDoc,
  type ModuleDoc,
  type PsychologyAggregateDoc,
  type QuizDoc,
  type ScenarioRunsDoc,
  type StoredLesson,
} from '@tickwise/projections';
import type { QueryServiceDeps } from '../app/deps';

const DAY = 86_400_000;

/** Analysts' aggregates: counts and rates only, never a learner's identity. */
export function analyticsQueries(deps: QueryServiceDeps): RouteHandlers<'query'> {
  const { store } = deps;
  const aggregate = async <D>(id: string) =>
    (await store.get(await activeCollection(store, 'analytics', 'aggregates'), id)) as D | undefined;
  const modules = async () =>
    (await store.find<ModuleDoc>(await activeCollection(store, 'catalog', 'modules'))).toSorted(
      (a, b) => a.moduleId - b.moduleId,
    );
  const ratio = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);

  return {
    async analyticsPractice() {
      const [runs, reviews] = await Promise.all([
        activeCollection(store, 'practice', 'scenarios').then((c) => store.find<ScenarioRunsDoc>(c)),
        activeCollection(store, 'practice', 'reviewItems').then((c) => store.find<ItemReviewsDoc>(c)),
      ]);
      const mean = (total: number, count: number) =>
        count === 0 ? null : Math.round((total / count) * 100) / 100;
      return {
        body: {
          scenarios: runs
            .toSorted((a, b) => a.id.localeCompare(b.id))
            .map((s) => ({
              scenarioId: s.id,
              runs: s.runs,
              closedEarly: s.closedEarly,
              averageCalls: mean(s.calls, s.runs),
              averageTradingResult: mean(s.tradingResult, s.runs),
            })),
          reviews: reviews
            .toSorted((a, b) => a.moduleId - b.moduleId || a.itemId - b.itemId)
            .map(({ kind, itemId, moduleId, reviews: count, right }) => ({
              kind,
              itemId,
              moduleId,
              reviews: count,
              right,
            })),
        },
      };
    },
    async analyticsFunnel() {
      const [funnel, course] = await Promise.all([aggregate<FunnelDoc>('funnel'), modules()]);
      return {
        body: [
          { step: 'registered', label: 'Registered', learners: funnel?.registered ?? 0 },
          { step: 'compliant', label: 'Passed the compliance gate', learners: funnel?.compliant ?? 0 },
          ...course.map((m) => ({
            step: `module-${m.moduleId}`,
            label: `Module ${m.moduleId} completed: ${m.title}`,
            learners: funnel?.completed[m.moduleId] ?? 0,
          })),
        ],
      };
    },
    async analyticsModules() {
      const [funnel, course] = await Promise.all([aggregate<FunnelDoc>('funnel'), modules()]);
      return {
        body: course.map((m) => {
          const started = funnel?.started[m.moduleId] ?? 0;
          const completed = funnel?.completed[m.moduleId] ?? 0;
          return {
            moduleId: m.moduleId,
            title: m.title,
            learnersStarted: started,
            learnersCompleted: completed,
            completionRate: Math.min(1, ratio(completed, started)),
          };
        }),
      };
    },
    /** Each module's quiz questions, then its lessons' checks in reading order. */
    async analyticsQuizItems() {
      const [items, quizzes, lessons, course] = await Promise.all([
        aggregate<ItemsDoc>('items'),
        activeCollection(store, 'catalog', 'quizzes').then((c) => store.find<QuizDoc>(c)),
        activeCollection(store, 'catalog', 'lessons').then((c) => store.find<StoredLesson>(c)),
        modules(),
      ]);
      const measured = (key: string | number) => {
        const stats = items?.questions[key];
        return {
          firstAttempts: stats?.firstAttempts ?? 0,
          facility: stats && stats.firstAttempts > 0 ? stats.firstCorrect / stats.firstAttempts : null,
          discrimination:
            stats && stats.upper > 0 && stats.lower > 0
              ? stats.upperCorrect / stats.upper - stats.lowerCorrect / stats.lower
              : null,
        };
      };
      const quizItems: QuizItemAnalytics[] = quizzes.flatMap((quiz) =>
        quiz.questions.map((q) => ({
          kind: 'quiz',
          moduleId: quiz.moduleId,
          lessonId: null,
          lessonTitle: null,
          questionId: q.id,
          question: q.question,
          ...measured(q.id),
        })),
      );
      // Only the lessons a module lists now (as learners see them).
      const listed = new Set(course.flatMap((m) => m.lessonIds));
      const checkItems: QuizItemAnalytics[] = lessons
        .filter((lesson) => listed.has(lesson.lessonId))
        .sort((a, b) => a.position - b.position)
        .flatMap((lesson) =>
          (lesson.checks ?? []).map((check) => ({
            kind: 'check',
            moduleId: lesson.moduleId,
            lessonId: lesson.lessonId,
            lessonTitle: lesson.title,
            questionId: check.id,
            question: check.question,
            ...measured(checkItemKey(check.id)),
          })),
        );
      // A stable sort: within a module, the quiz's questions stay first.
      return { body: [...quizItems, ...checkItems].sort((a, b) => a.moduleId - b.moduleId) };
    },
    async analyticsPsychology() {
      const agg = await aggregate<PsychologyAggregateDoc>('psychology');
      return {
        body: {
          assessments: agg?.assessments ?? 0,
          categories: psychologyCategories.map((category) => ({
            category,
            mean: agg && agg.learners > 0 ? (agg.sums[category] ?? 0) / agg.learners : null,
            bands: BANDS.map((from, index) => ({
              from,
              to: index === BANDS.length - 1 ? 100 : (BANDS[index + 1] ?? 100) - 1,
              learners: agg?.bands[category]?.[index] ?? 0,
            })),
          })),
          archetypes: Object.entries(agg?.archetypes ?? {})
            .filter(([, learners]) => learners > 0)
            .map(([archetype, learners]) => ({ archetype, learners }))
            .sort((a, b) => b.learners - a.learners),
        },
      };
    },
    async analyticsCompliance() {
      const [agg, funnel, documents] = await Promise.all([
        aggregate<ComplianceAggregateDoc>('compliance'),
        aggregate<FunnelDoc>('funnel'),
        activeCollection(store, 'analytics', 'documents').then((c) => store.find<DocumentVersionsDoc>(c)),
      ]);
      const registered = funnel?.registered ?? 0;
      const today = new Date(deps.now().toISOString().slice(0, 10)).getTime();
      const expiring = Object.entries(agg?.expiries ?? {})
        .filter(([day]) => {
          const t = Date.parse(day);
          return t >= today && t <= today + 30 * DAY;
        })
        .reduce((sum, [, n]) => sum + n, 0);
      return {
        body: {
          documents: documents.flatMap((doc) =>
            doc.versions.map((version, index) => {
              const acknowledged = agg?.acknowledged[documentKey({ documentType: doc.id, version })] ?? 0;
              return {
                documentType: doc.id as DocumentType,
                version,
                isActive: index === doc.versions.length - 1,
                acknowledged,
                notAcknowledged: Math.max(0, registered - acknowledged),
                coverage: Math.min(1, ratio(acknowledged, registered)),
              };
            }),
          ),
          riskAssessmentsExpiringWithin30Days: expiring,
        },
      };
    },
  };
}
