/**
 * The analytics aggregates are running totals folded from each learner document's changes. Whatever the
 * batching, the live run must end with exactly what a clean rebuild of the whole log gives — and both must
 * equal counts computed directly from the events. The history is the bench's realistic one plus retakes of
 * everything a learner can retake (quiz answers and quizzes, psychology assessments, risk assessments, a
 * repeated acknowledgment, a new document version), appended while a live runner with small batches follows
 * the log.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { type DomainEvent, type EventData, event, streams } from '@tickwise/contracts';
import { deterministicId, type EventLog, type RecordedEvent, SqliteReadModelStore } from '@tickwise/platform';
import { seedHistory, toNew } from '../bench/history';
import {
  analyticsProjection,
  type ComplianceAggregateDoc,
  type FunnelDoc,
  type ItemsDoc,
  type PsychologyAggregateDoc,
} from '../src/read-models/analytics';
import { activeCollection } from '../src/runtime/generations';
import { LiveProjectionRunner, rebuild } from '../src/runtime/runner';
import { waitForProjections } from '../src/runtime/wait';
import { openSqlite, tempDir } from './helpers';

const LEARNERS = 200;
const dir = tempDir('analytics-rebuild');
const live = openSqlite(dir);
const fresh = new SqliteReadModelStore({ file: join(dir, 'rebuilt.db') });
afterAll(async () => {
  await live.store.close();
  await fresh.close();
  await live.log.close();
  rmSync(dir, { recursive: true, force: true });
});

const userId = (index: number) => deterministicId('bench-user', String(index));
const sha = (text: string) => deterministicId(text).replace(/-/g, '').padEnd(64, '0');
const AT = '2025-06-01T12:00:00.000Z';
const append = (log: EventLog, stream: string, events: DomainEvent[]) =>
  log.appendToStream(
    stream,
    events.map((e) => toNew(e, 'system:test', AT)),
    { expectedRevision: 'any' },
  );

const published = (documentType: EventData<'ComplianceDocumentPublished'>['documentType'], version: string) =>
  event('ComplianceDocumentPublished', {
    documentType,
    version,
    title: `${documentType} ${version}`,
    content: `The text of ${documentType} version ${version}.`,
    contentHash: sha(`${documentType}@${version}`),
    consentText: 'I have read it.',
    publishedAt: AT,
  });

/** Retakes and repeats on top of the bench history: every kind of second change a learner document sees. */
async function appendRetakes(log: EventLog) {
  for (const type of [
    'risk_disclosure',
    'cftc_warning',
    'educational_disclaimer',
    'privacy_policy',
  ] as const) {
    await append(log, streams.catalogDocument(type), [published(type, '1.0')]);
  }
  await append(log, streams.catalogDocument('risk_disclosure'), [published('risk_disclosure', '1.1')]);
  for (let i = 0; i < 60; i++) {
    const id = userId(i);
    const acknowledged = {
      documentType: 'risk_disclosure' as const,
      contentHash: sha('risk_disclosure@1.1'),
      viewedAt: AT,
      acknowledgedAt: AT,
      secondsRead: 12,
      ip: '192.0.2.1',
      userAgent: 'test',
      consentText: 'I have read it.',
    };
    await append(log, streams.compliance(id), [
      event('DocumentAcknowledged', { ...acknowledged, version: '1.1' }),
      event('DocumentAcknowledged', { ...acknowledged, version: '1.1' }),
      event('RiskAssessed', {
        assessmentId: deterministicId('again', id),
        experienceLevel: 'advanced',
        financialSituation: 'growing',
        riskCapacity: 7,
        investmentObjective: 'growth',
        annualIncome: null,
        netWorth: null,
        submittedAt: `2025-0${1 + (i % 9)}-15T10:00:00.000Z`,
        expiresAt: `2026-0${1 + (i % 9)}-15T10:00:00.000Z`,
      }),
    ]);
    await append(log, streams.learning(id), [
      event('QuizQuestionAnswered', {
        moduleId: 1,
        questionId: 101,
        selectedAnswer: 1,
        isCorrect: i % 2 === 0,
        answeredAt: AT,
      }),
      event('ModuleQuizCompleted', { moduleId: 1, score: 100 - i, correct: 8, total: 8, completedAt: AT }),
    ]);
    const score = (i * 7) % 101;
    await append(log, streams.psychology(id), [
      event('PsychologyAssessmentCompleted', {
        assessmentId: deterministicId('psychology-again', id),
        instrumentVersion: '1.0',
        responses: [{ questionId: 1, value: 3 }],
        emotionalIntelligence: score,
        cognitiveControl: 100 - score,
        stressResilience: score,
        behavioralDiscipline: 50,
        riskManagement: score,
        performanceOptimization: 100 - score,
        overallScore: 50,
        traderArchetype: i % 3 === 0 ? 'Steady Hand' : 'Developing Trader',
        completedAt: AT,
      }),
    ]);
  }
}

async function readAll(log: EventLog): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for await (const batch of log.readAll()) events.push(...batch);
  return events;
}

const sortedDocs = async (store: SqliteReadModelStore, collection: string) =>
  (await store.find<{ id: string }>(await activeCollection(store, 'analytics', collection))).sort((a, b) =>
    a.id.localeCompare(b.id),
  );

describe('analytics aggregates: live run with small batches = clean rebuild = counted from the events', () => {
  let events: RecordedEvent[] = [];
  beforeAll(async () => {
    const runner = new LiveProjectionRunner(live, analyticsProjection, { batchSize: 37, registryPollMs: 20 });
    runner.start();
    try {
      await seedHistory(live.log, LEARNERS, 424242);
      await appendRetakes(live.log);
      const head = await live.log.headPosition();
      expect(await waitForProjections(live.store, ['analytics'], head, 30_000)).toBe(true);
    } finally {
      await runner.stop();
    }
    await rebuild({ log: live.log, store: fresh }, analyticsProjection, { batchSize: 5000 });
    events = await readAll(live.log);
  }, 60_000);

  test.each(['aggregates', 'documents', 'learners'])('the %s collection is identical', async (collection) => {
    const [liveDocs, rebuiltDocs] = [
      await sortedDocs(live.store, collection),
      await sortedDocs(fresh, collection),
    ];
    expect(liveDocs.length).toBeGreaterThan(0);
    expect(liveDocs).toEqual(rebuiltDocs);
  });

  const aggregate = async <D>(id: string) =>
    (await live.store.get(await activeCollection(live.store, 'analytics', 'aggregates'), id)) as
      | D
      | undefined;
  const owner = (e: RecordedEvent) => e.stream.slice(e.stream.indexOf('-') + 1);
  const distinct = (list: readonly string[]) => new Set(list).size;
  const ofType = <K extends Parameters<typeof event>[0]>(type: K) =>
    events.filter((e) => e.type === type).map((e) => ({ learner: owner(e), data: e.data as EventData<K> }));

  test('funnel: registered, passed the gate, started and completed each module — each learner once', async () => {
    const funnel = await aggregate<FunnelDoc>('funnel');
    const acknowledgedTypes = new Map<string, Set<string>>();
    for (const { learner, data } of ofType('DocumentAcknowledged')) {
      acknowledgedTypes.set(learner, (acknowledgedTypes.get(learner) ?? new Set()).add(data.documentType));
    }
    const assessed = new Set(ofType('RiskAssessed').map((a) => a.learner));
    const compliant = [...acknowledgedTypes].filter(
      ([learner, types]) => types.size === 4 && assessed.has(learner),
    );
    const perModule = (type: 'LessonCompleted' | 'ModuleQuizCompleted') => {
      const counts: Record<string, number> = {};
      for (let m = 1; m <= 12; m++) {
        const n = distinct(
          ofType(type)
            .filter((e) => e.data.moduleId === m)
            .map((e) => e.learner),
        );
        if (n > 0) counts[String(m)] = n;
      }
      return counts;
    };
    expect(funnel).toEqual({
      id: 'funnel',
      registered: LEARNERS,
      compliant: compliant.length,
      started: perModule('LessonCompleted'),
      completed: perModule('ModuleQuizCompleted'),
    });
    expect(compliant.length).toBeGreaterThan(LEARNERS / 2);
  });

  test('items: first attempts and first correct answers per question', async () => {
    const items = await aggregate<ItemsDoc>('items');
    const first = new Map<string, boolean>();
    for (const { learner, data } of ofType('QuizQuestionAnswered')) {
      const key = `${learner}:${data.questionId}`;
      if (!first.has(key)) first.set(key, data.isCorrect);
    }
    const expected: Record<string, { firstAttempts: number; firstCorrect: number }> = {};
    for (const [key, correct] of first) {
      const question = key.split(':')[1] ?? '';
      const e = expected[question] ?? { firstAttempts: 0, firstCorrect: 0 };
      expected[question] = {
        firstAttempts: e.firstAttempts + 1,
        firstCorrect: e.firstCorrect + (correct ? 1 : 0),
      };
    }
    const actual = Object.fromEntries(
      Object.entries(items?.questions ?? {}).map(([q, s]) => [
        q,
        { firstAttempts: s.firstAttempts, firstCorrect: s.firstCorrect },
      ]),
    );
    expect(actual).toEqual(expected);
  });

  test('psychology: every assessment counted, each learner once in the distributions (latest result)', async () => {
    const psychology = await aggregate<PsychologyAggregateDoc>('psychology');
    const completed = ofType('PsychologyAssessmentCompleted');
    const latest = new Map(completed.map((c) => [c.learner, c.data]));
    const archetypes: Record<string, number> = {};
    for (const result of latest.values()) {
      archetypes[result.traderArchetype] = (archetypes[result.traderArchetype] ?? 0) + 1;
    }
    expect(psychology?.assessments).toBe(completed.length);
    expect(psychology?.learners).toBe(latest.size);
    expect(
      Object.fromEntries(Object.entries(psychology?.archetypes ?? {}).filter(([, n]) => n !== 0)),
    ).toEqual(archetypes);
    const sum = [...latest.values()].reduce((total, r) => total + r.cognitiveControl, 0);
    expect(psychology?.sums.cognitiveControl).toBe(sum);
    expect(completed.length).toBeGreaterThan(latest.size);
  });

  test('compliance: learners per acknowledged version, and each learner’s latest risk expiry once', async () => {
    const compliance = await aggregate<ComplianceAggregateDoc>('compliance');
    const acknowledged: Record<string, Set<string>> = {};
    for (const { learner, data } of ofType('DocumentAcknowledged')) {
      const key = `${data.documentType}@${data.version}`;
      acknowledged[key] = (acknowledged[key] ?? new Set()).add(learner);
    }
    expect(compliance?.acknowledged).toEqual(
      Object.fromEntries(Object.entries(acknowledged).map(([key, learners]) => [key, learners.size])),
    );
    const latestExpiry = new Map(
      ofType('RiskAssessed').map((a) => [a.learner, a.data.expiresAt.slice(0, 10)]),
    );
    const expiries: Record<string, number> = {};
    for (const dayOfExpiry of latestExpiry.values()) expiries[dayOfExpiry] = (expiries[dayOfExpiry] ?? 0) + 1;
    expect(Object.fromEntries(Object.entries(compliance?.expiries ?? {}).filter(([, n]) => n !== 0))).toEqual(
      expiries,
    );
  });
});
