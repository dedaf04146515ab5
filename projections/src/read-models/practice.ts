/**
 * Practice, aggregated for analysts: how margin simulator runs end on each path, and how review answers go on
 * each quiz question and lesson check (counted apart from first tries, which the analytics read model holds).
 */
import { documents, projection } from '../runtime/projection';

export interface ScenarioRunsDoc {
  id: string;
  runs: number;
  closedEarly: number;
  calls: number;
  tradingResult: number;
  [key: string]: unknown;
}

export interface ItemReviewsDoc {
  id: string;
  kind: 'quiz' | 'check';
  itemId: number;
  moduleId: number;
  reviews: number;
  right: number;
  [key: string]: unknown;
}

const scenarios = documents<ScenarioRunsDoc>('scenarios', (event) =>
  event.type === 'MarginSimulationCompleted' ? [event.data.scenarioId] : [],
);
const items = documents<ItemReviewsDoc>('reviewItems', (event) =>
  event.type === 'ReviewAnswered' ? [`${event.data.itemKind}:${event.data.itemId}`] : [],
);

export const practiceProjection = projection({
  name: 'practice',
  version: 1,
  collections: [{ name: 'scenarios' }, { name: 'reviewItems' }],
  handlers: [
    scenarios.on('MarginSimulationCompleted', (doc, { data }) => {
      const before = doc ?? { id: data.scenarioId, runs: 0, closedEarly: 0, calls: 0, tradingResult: 0 };
      return {
        ...before,
        runs: before.runs + 1,
        closedEarly: before.closedEarly + (data.outcome.closedOnDay === null ? 0 : 1),
        calls: before.calls + data.outcome.callsReceived,
        tradingResult: Math.round((before.tradingResult + data.outcome.tradingResult) * 100) / 100,
      };
    }),
    items.on('ReviewAnswered', (doc, { data }) => {
      const before = doc ?? {
        id: `${data.itemKind}:${data.itemId}`,
        kind: data.itemKind,
        itemId: data.itemId,
        moduleId: data.moduleId,
        reviews: 0,
        right: 0,
      };
      return { ...before, reviews: before.reviews + 1, right: before.right + (data.isCorrect ? 1 : 0) };
    }),
  ],
});
