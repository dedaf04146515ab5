/**
 * The dashboard's endpoints: GET /api/dashboard (the read model: progress, averages, psychology scores,
 * module progress, recent activity, recommendations) and GET /api/trading-profile ('Your Trading Style').
 * Replies are read defensively: a missing course progress is 0, missing scores and averages null, missing
 * lists are empty, items of an unknown shape are dropped.
 */
import type { Dashboard, RecentActivity, Recommendation } from '@tickwise/contracts';
import { api, routeRequest } from '../../api/api';
import { providedBy } from '../../api/tags';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const listOf = <T>(raw: unknown, read: (item: Record<string, unknown>) => T | null): T[] =>
  Array.isArray(raw)
    ? raw.flatMap((item: unknown) => {
        const value = isRecord(item) ? read(item) : null;
        return value === null ? [] : [value];
      })
    : [];

const activityKinds: readonly RecentActivity['kind'][] = ['module_completed', 'quiz_completed'];
const recommendationKinds: readonly Recommendation['kind'][] = [
  'continue_module',
  'take_quiz',
  'psychology_assessment',
];
const activityKind = (value: unknown) => activityKinds.find((k) => k === value);
const recommendationKind = (value: unknown) => recommendationKinds.find((k) => k === value);

export function dashboardFrom(raw: unknown): Dashboard {
  const data = isRecord(raw) ? raw : {};
  return {
    courseProgress: isNumber(data.courseProgress) ? data.courseProgress : 0,
    quizAverage: isNumber(data.quizAverage) ? data.quizAverage : null,
    eqScore: isNumber(data.eqScore) ? data.eqScore : null,
    stressResilience: isNumber(data.stressResilience) ? data.stressResilience : null,
    moduleProgress: listOf(data.moduleProgress, (m) =>
      isNumber(m.moduleId) && typeof m.title === 'string' && isNumber(m.progress)
        ? { moduleId: m.moduleId, title: m.title, progress: m.progress }
        : null,
    ),
    recentActivity: listOf(data.recentActivity, (a) => {
      const kind = activityKind(a.kind);
      return kind !== undefined && typeof a.title === 'string' && typeof a.at === 'string'
        ? { kind, title: a.title, at: a.at }
        : null;
    }),
    recommendations: listOf(data.recommendations, (r) => {
      const kind = recommendationKind(r.kind);
      return kind !== undefined &&
        typeof r.title === 'string' &&
        typeof r.href === 'string' &&
        r.href.startsWith('/')
        ? {
            kind,
            title: r.title,
            description: typeof r.description === 'string' ? r.description : '',
            href: r.href,
          }
        : null;
    }),
  };
}

/** 'Your Trading Style' as the card shows it. */
export interface TradingStyle {
  readonly style: string;
  readonly description: string;
  readonly basedOn: {
    readonly traderArchetype: string | null;
    readonly experienceLevel: string | null;
    readonly riskCapacity: number | null;
    readonly investmentObjective: string | null;
  };
}

const stringOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/** The trading profile of a reply, or null when it has no style. */
export function tradingStyleFrom(raw: unknown): TradingStyle | null {
  if (!isRecord(raw) || typeof raw.style !== 'string' || raw.style === '') return null;
  const basedOn = isRecord(raw.basedOn) ? raw.basedOn : {};
  return {
    style: raw.style,
    description: typeof raw.description === 'string' ? raw.description : '',
    basedOn: {
      traderArchetype: stringOrNull(basedOn.traderArchetype),
      experienceLevel: stringOrNull(basedOn.experienceLevel),
      riskCapacity: isNumber(basedOn.riskCapacity) ? basedOn.riskCapacity : null,
      investmentObjective: stringOrNull(basedOn.investmentObjective),
    },
  };
}

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    dashboard: build.query<Dashboard, void>({
      query: () => routeRequest('dashboard'),
      transformResponse: (raw: unknown) => dashboardFrom(raw),
      providesTags: [providedBy.dashboard],
    }),
    tradingProfile: build.query<TradingStyle | null, void>({
      query: () => routeRequest('tradingProfile'),
      transformResponse: (raw: unknown) => tradingStyleFrom(raw),
      providesTags: [providedBy.tradingProfile],
    }),
  }),
});

export const { useDashboardQuery, useTradingProfileQuery } = dashboardApi;
