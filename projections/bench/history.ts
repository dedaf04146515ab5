import { createHash } from 'node:crypto';
import { DocumentType, type DomainEvent, event, streams } from '@tickwise/contracts';
import { deterministicId, type EventCatalog, type EventLog, type NewEvent } from '@tickwise/platform';

/** A small seeded PRNG (mulberry32): the same seed gives the same history. */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

/** A document version a seeded learner reads and acknowledges. */
export interface SeededDocument {
  readonly documentType: DocumentType;
  readonly version: string;
  readonly contentHash: string;
}

/** Made-up versions 1.0: enough for the projections; a running app needs the versions it published. */
const DOCUMENTS: readonly SeededDocument[] = DocumentType.values.map((documentType) => ({
  documentType,
  version: '1.0',
  contentHash: sha(`${documentType}@1.0`),
}));

export interface HistoryOptions {
  /** The versions learners acknowledge (default: made-up versions 1.0). */
  readonly documents?: readonly SeededDocument[];
  /** Every learner's stored password hash (default: a placeholder no password matches). */
  readonly passwordHash?: string;
}

/** The e-mail address of seeded learner `index`. */
export const seededEmail = (index: number) => `learner${index}@example.test`;
/** The user id of seeded learner `index`. */
export const seededUserId = (index: number) => deterministicId('bench-user', String(index));

export interface StreamBatch {
  stream: string;
  events: DomainEvent[];
}

/**
 * One learner's realistic history across the streams of docs/architecture/event-log.md: registration and
 * e-mail reservation, the compliance gate (views, acknowledgments with evidence, a risk assessment,
 * warnings), lessons, graded quiz answers and module quizzes in course order, and sometimes a psychology
 * assessment.
 */
export function learnerHistory(
  index: number,
  random: () => number,
  start: Date,
  options: HistoryOptions = {},
): StreamBatch[] {
  const userId = seededUserId(index);
  const email = seededEmail(index);
  let clock = start.getTime() + index * 60_000;
  const at = (minutes: number) => {
    clock += Math.round(minutes * 60_000 * (0.5 + random()));
    return new Date(clock).toISOString();
  };
  const registeredAt = at(1);
  const user: DomainEvent[] = [
    event('UserRegistered', { userId, email, firstName: `Learner${index}`, lastName: 'Bench', registeredAt }),
  ];
  const reservation: DomainEvent[] = [
    event('EmailReserved', {
      email,
      userId,
      passwordHash: options.passwordHash ?? `$argon2id$v=19$m=19456,t=2,p=1$bench$${index}`,
    }),
  ];
  const compliance: DomainEvent[] = [
    event('RegulatoryWarningIssued', {
      warningId: deterministicId('warning', userId, 'general'),
      warningType: 'general_futures_risk',
      rule: 'registration',
      message: 'Futures trading involves substantial risk of loss.',
      issuedAt: registeredAt,
    }),
  ];
  const learning: DomainEvent[] = [];
  const psychology: DomainEvent[] = [];
  const batches = () =>
    [
      { stream: streams.user(userId), events: user },
      { stream: streams.email(sha(email)), events: reservation },
      { stream: streams.compliance(userId), events: compliance },
      { stream: streams.learning(userId), events: learning },
      { stream: streams.psychology(userId), events: psychology },
    ].filter((b) => b.events.length > 0);

  if (random() < 0.08) return batches(); // registered, never went through the gate
  for (const { documentType, version, contentHash } of options.documents ?? DOCUMENTS) {
    const viewedAt = at(0.5);
    const secondsRead = 10 + Math.floor(random() * 120);
    const acknowledgedAt = new Date(Date.parse(viewedAt) + secondsRead * 1000).toISOString();
    clock = Date.parse(acknowledgedAt);
    compliance.push(
      event('ComplianceDocumentViewed', {
        documentType,
        version,
        contentHash,
        viewedAt,
      }),
      event('DocumentAcknowledged', {
        documentType,
        version,
        contentHash,
        viewedAt,
        acknowledgedAt,
        secondsRead,
        ip: `10.0.${index % 250}.${(index * 7) % 250}`,
        userAgent: 'Mozilla/5.0 (bench)',
        consentText: `I have read and understood the ${documentType} document.`,
      }),
    );
  }
  const submittedAt = at(2);
  const beginner = random() < 0.5;
  compliance.push(
    event('RiskAssessed', {
      assessmentId: deterministicId('assessment', userId),
      experienceLevel: beginner ? 'beginner' : random() < 0.6 ? 'intermediate' : 'advanced',
      financialSituation: random() < 0.7 ? 'stable' : random() < 0.5 ? 'growing' : 'volatile',
      riskCapacity: 1 + Math.floor(random() * 10),
      investmentObjective:
        (['education', 'conservative', 'growth', 'speculative'] as const)[Math.floor(random() * 4)] ??
        'education',
      annualIncome: random() < 0.5 ? null : '50k-100k',
      netWorth: null,
      submittedAt,
      expiresAt: new Date(Date.parse(submittedAt) + 365 * 86_400_000).toISOString(),
    }),
  );
  if (random() < 0.3) {
    compliance.push(
      event('RegulatoryWarningAcknowledged', {
        warningId: deterministicId('warning', userId, 'general'),
        acknowledgedAt: at(1),
      }),
    );
  }
  // Course progress: learners drop out along the way, as in any course.
  const modulesReached = Math.min(12, Math.floor(-Math.log(1 - random() * 0.999) * 4));
  for (let moduleId = 1; moduleId <= modulesReached; moduleId++) {
    for (let position = 1; position <= 4; position++) {
      learning.push(
        event('LessonCompleted', { moduleId, lessonId: (moduleId - 1) * 4 + position, completedAt: at(6) }),
      );
    }
    const total = 8;
    let correct = 0;
    for (let q = 1; q <= total; q++) {
      const isCorrect = random() < 0.75;
      if (isCorrect) correct++;
      learning.push(
        event('QuizQuestionAnswered', {
          moduleId,
          questionId: moduleId * 100 + q,
          selectedAnswer: Math.floor(random() * 4),
          isCorrect,
          answeredAt: at(0.5),
        }),
      );
    }
    learning.push(
      event('ModuleQuizCompleted', {
        moduleId,
        score: Math.round((correct / total) * 100),
        correct,
        total,
        completedAt: at(0.2),
      }),
    );
  }
  if (random() < 0.4) {
    const score = () => Math.round(random() * 100);
    const scores = {
      emotionalIntelligence: score(),
      cognitiveControl: score(),
      stressResilience: score(),
      behavioralDiscipline: score(),
      riskManagement: score(),
      performanceOptimization: score(),
    };
    const overallScore = Math.round(Object.values(scores).reduce((a, b) => a + b, 0) / 6);
    psychology.push(
      event('PsychologyAssessmentCompleted', {
        assessmentId: deterministicId('psychology', userId),
        instrumentVersion: '1.0',
        responses: Array.from({ length: 30 }, (_, i) => ({
          questionId: i + 1,
          value: 1 + Math.floor(random() * 5),
        })),
        ...scores,
        overallScore,
        traderArchetype: 'Developing Trader',
        completedAt: at(10),
      }),
    );
  }
  return batches();
}

/** The probe the cross-process figure appends: no domain event, it carries the time its append started. */
export type BenchPing = { type: 'BenchPing'; data: { i: number; sentAt: number } };
export const benchPings: EventCatalog<BenchPing> = {
  invalid: () => undefined,
  isKnown: (type): type is 'BenchPing' => type === 'BenchPing',
};

export const toNew = (e: DomainEvent, actor: string, occurredAt: string): NewEvent => ({
  ...e,
  metadata: { correlationId: 'bench', causationId: 'bench', actor, occurredAt, schemaVersion: 1 },
});

/** Writes `learners` learners' histories, each learner's streams appended concurrently with the others (group commit). */
export async function seedHistory(
  log: EventLog,
  learners: number,
  seed = 20261125,
  onProgress?: (learnersDone: number, events: number) => void,
  options: HistoryOptions = {},
): Promise<number> {
  const random = prng(seed);
  // A history that ends about now, so risk assessments are still current (one year) as in production.
  const start = new Date(Date.now() - learners * 60_000 - 30 * 86_400_000);
  let events = 0;
  let pending: Array<Promise<unknown>> = [];
  for (let i = 0; i < learners; i++) {
    for (const batch of learnerHistory(i, random, start, options)) {
      events += batch.events.length;
      pending.push(
        log.appendToStream(
          batch.stream,
          batch.events.map((e) => toNew(e, 'system:bench', start.toISOString())),
          { expectedRevision: 'no_stream' },
        ),
      );
    }
    if (pending.length >= 2000) {
      await Promise.all(pending);
      pending = [];
      onProgress?.(i + 1, events);
    } else {
      // Starting an append does work at once (a new learner's key, sealing, encoding): a turn of the event
      // loop per learner keeps a seeding test's own server answering while the appends gather.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  await Promise.all(pending);
  onProgress?.(learners, events);
  return events;
}
