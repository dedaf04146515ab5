import type { Dashboard, RecentActivity, Recommendation } from '@tickwise/contracts';
import type { DashboardDoc } from '@tickwise/projections';

/** The course's modules as the dashboard needs them. */
export interface DashboardModule {
  id: number;
  title: string;
  lessonCount: number;
}

const LESSONS_PER_MODULE = 4;

/** Module progress = (completed lessons + 1 if the quiz is done) / 5 × 100 (4 lessons plus a quiz). */
export const moduleProgress = (completedLessons: number, quizDone: boolean) =>
  Math.round(
    ((Math.min(completedLessons, LESSONS_PER_MODULE) + (quizDone ? 1 : 0)) / (LESSONS_PER_MODULE + 1)) * 100,
  );

/** Course progress = share of the modules whose quiz (or whole module) is completed, in percent. */
export const courseProgress = (completedModules: number, moduleCount: number) =>
  moduleCount === 0 ? 0 : Math.round((Math.min(completedModules, moduleCount) / moduleCount) * 100);

/** Quiz average = rounded mean of the quiz scores (null with none: no quiz taken is not a score of 0). */
export const quizAverage = (scores: readonly number[]) =>
  scores.length === 0 ? null : Math.round(scores.reduce((a, b) => a + b, 0) / scores.length);

/**
 * Recent activity: the 2 latest module completions, the 2 latest quiz results and the latest margin simulator
 * run, at most 3, newest first.
 */
export function recentActivity(doc: DashboardDoc, titleOf: (moduleId: number) => string): RecentActivity[] {
  const newest = <T extends { completedAt: string }>(items: readonly T[]) =>
    [...items].sort((a, b) => b.completedAt.localeCompare(a.completedAt)).slice(0, 2);
  const modules = newest(doc.moduleCompletions).map((m) => ({
    kind: 'module_completed' as const,
    title: `Completed ${titleOf(m.moduleId)}`,
    at: m.completedAt,
  }));
  const quizzes = newest(doc.quizResults).map((q) => ({
    kind: 'quiz_completed' as const,
    title: `Scored ${q.score}% on the Module ${q.moduleId} Quiz`,
    at: q.completedAt,
  }));
  const runs = newest(doc.simulations ?? [])
    .slice(0, 1)
    .map((r) => ({
      kind: 'simulation_completed' as const,
      title: `Ran the margin simulator: ${r.scenarioTitle} (${r.callsReceived} margin call${r.callsReceived === 1 ? '' : 's'})`,
      at: r.completedAt,
    }));
  return [...modules, ...quizzes, ...runs].sort((a, b) => b.at.localeCompare(a.at)).slice(0, 3);
}

/**
 * Recommended next steps, at most 3: the first module with fewer than 4 completed lessons → 'Continue …'
 * with the lessons remaining, else the first module quiz not yet taken; plus the psychology assessment
 * when the learner has none.
 */
export function recommendations(doc: DashboardDoc, modules: readonly DashboardModule[]): Recommendation[] {
  const steps: Recommendation[] = [];
  const done = (m: DashboardModule) => doc.lessons[m.id]?.length ?? 0;
  const unfinished = modules.find((m) => done(m) < LESSONS_PER_MODULE);
  if (unfinished) {
    const remaining = LESSONS_PER_MODULE - done(unfinished);
    steps.push({
      kind: 'continue_module',
      title: `Continue ${unfinished.title}`,
      description: `${remaining} ${remaining === 1 ? 'lesson' : 'lessons'} remaining`,
      href: '/course',
    });
  } else {
    const quiz = modules.find((m) => !doc.moduleCompletions.some((c) => c.moduleId === m.id));
    if (quiz) {
      steps.push({
        kind: 'take_quiz',
        title: `Take the Module ${quiz.id} Quiz`,
        description: `Check what you learned in ${quiz.title}`,
        href: '/course',
      });
    }
  }
  if (!doc.psychology) {
    steps.push({
      kind: 'psychology_assessment',
      title: 'Take the Trading Psychology Assessment',
      description: 'Reflect on your trading habits in 30 short statements',
      href: '/trading-psychology-assessment',
    });
  }
  return steps.slice(0, 3);
}

/** The whole dashboard from the learner's read model and the course's modules. */
export function dashboardOf(doc: DashboardDoc, modules: readonly DashboardModule[]): Dashboard {
  const titleOf = (id: number) => modules.find((m) => m.id === id)?.title ?? `Module ${id}`;
  const quizDone = (id: number) => doc.moduleCompletions.some((c) => c.moduleId === id);
  return {
    courseProgress: courseProgress(modules.filter((m) => quizDone(m.id)).length, modules.length),
    quizAverage: quizAverage(doc.quizResults.map((q) => q.score)),
    eqScore: doc.psychology?.emotionalIntelligence ?? null,
    stressResilience: doc.psychology?.stressResilience ?? null,
    moduleProgress: modules.map((m) => ({
      moduleId: m.id,
      title: m.title,
      progress: moduleProgress(doc.lessons[m.id]?.length ?? 0, quizDone(m.id)),
    })),
    recentActivity: recentActivity(doc, titleOf),
    recommendations: recommendations(doc, modules),
  };
}
