import { type RouteHandlers } from '@tickwise/platform';
import {
  activeCollection,
  type InstrumentArchetypesDoc,
  type InstrumentDoc,
  type LearnerComplianceDoc,
  type PsychologyLearnerDoc,
} from '@tickwise/projections';
import type { QueryServiceDeps } from '../app/deps';
import { tradingProfileOf } from './trading-profile';

/** The psychology instrument's questions, the learner's results, and their trading profile. */
export function psychologyQueries(deps: QueryServiceDeps): RouteHandlers<'query'> {
  const collection = (name: string) => activeCollection(deps.store, 'psychology', name);
  const instrument = async () => deps.store.get<InstrumentDoc>(await collection('instrument'), 'current');
  const results = async (userId: string) =>
    (await deps.store.get<PsychologyLearnerDoc>(await collection('learners'), userId))?.results ?? [];
  /** The archetypes of the instrument version that scored a result (results from before versions: current). */
  const archetypesOf = async (version: string | undefined) =>
    (version
      ? (await deps.store.get<InstrumentArchetypesDoc>(await collection('archetypes'), version))?.archetypes
      : undefined) ?? (await instrument())?.archetypes;
  const describe = async <R extends { traderArchetype: string; instrumentVersion?: string }>(result: R) => {
    const archetype = (await archetypesOf(result.instrumentVersion))?.find(
      (a) => a.name === result.traderArchetype,
    );
    return archetype
      ? { ...result, archetypeDescription: archetype.description, archetypeFocus: archetype.workOn }
      : result;
  };
  return {
    async psychologyQuestions() {
      return {
        body: ((await instrument())?.questions ?? []).map((q) => ({ id: q.id, question: q.question })),
      };
    },
    async latestPsychologyResult(_input, request) {
      const [latest] = await results(request.principal.userId);
      return { body: latest ? await describe(latest) : null };
    },
    async assessments(_input, request) {
      return { body: await Promise.all((await results(request.principal.userId)).map(describe)) };
    },
    async tradingProfile(_input, request) {
      const userId = request.principal.userId;
      const compliance = await deps.store.get<LearnerComplianceDoc>(
        await activeCollection(deps.store, 'compliance', 'learners'),
        userId,
      );
      const [latest] = await results(userId);
      return { body: tradingProfileOf(compliance?.assessments[0], latest?.traderArchetype ?? null) };
    },
  };
}
