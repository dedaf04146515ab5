import { type EventOf, streams } from '@tickwise/contracts';
import {
  deterministicId,
  domainError,
  type EventLog,
  HttpError,
  handleCommand,
  type RouteHandlers,
  reply,
} from '@tickwise/platform';
import type { CommandServiceDeps } from '../app/deps';
import { psychologyRecord } from './psychology-record';
import { pickArchetype, responsesProblem, scoreResponses } from './scoring';

type Instrument = EventOf<'PsychologyInstrumentPublished'>['data'];
type Completed = EventOf<'PsychologyAssessmentCompleted'>;

/** The instrument in force: the latest published into `catalog-psychology`. */
export async function currentInstrument(log: EventLog): Promise<Instrument | undefined> {
  const [latest] = await log.readStream(streams.catalogPsychology(), { direction: 'backwards', maxCount: 1 });
  return latest?.type === 'PsychologyInstrumentPublished' ? latest.data : undefined;
}

/** POST /api/trading-psychology/assessment: scored on the server, archetype chosen by the instrument's rules. */
export function psychologyRoutes(deps: CommandServiceDeps): RouteHandlers<'command'> {
  return {
    async submitPsychologyAssessment({ body }, request) {
      const { userId } = request.principal;
      const instrument = await currentInstrument(deps.log);
      if (!instrument) throw HttpError.of(domainError('not_found', 'Assessment Not Available'));
      const problem = responsesProblem(instrument.questions, body.responses);
      if (problem) throw new HttpError(400, problem);
      const { categories, overall } = scoreResponses(instrument.questions, body.responses);
      const archetype = pickArchetype(instrument.archetypes, { categories, overall });
      const round = (n: number) => Math.round(n);
      const completed: Completed['data'] = {
        assessmentId: deterministicId('psychology-assessment', request.commandId),
        instrumentVersion: instrument.version,
        responses: body.responses,
        emotionalIntelligence: round(categories.emotionalIntelligence),
        cognitiveControl: round(categories.cognitiveControl),
        stressResilience: round(categories.stressResilience),
        behavioralDiscipline: round(categories.behavioralDiscipline),
        riskManagement: round(categories.riskManagement),
        performanceOptimization: round(categories.performanceOptimization),
        overallScore: round(overall),
        traderArchetype: archetype.name,
        completedAt: deps.now().toISOString(),
      };
      const outcome = await handleCommand(deps, psychologyRecord, {
        stream: streams.psychology(userId),
        command: { completed },
        commandId: request.commandId,
        actor: userId,
        correlationId: request.requestId,
      });
      const stored = outcome.events[0]?.data ?? completed;
      const { assessmentId, responses: _r, ...scores } = stored;
      return reply(outcome, {
        id: assessmentId,
        ...scores,
        archetypeDescription: archetype.description,
        archetypeFocus: archetype.workOn,
      });
    },
  };
}
