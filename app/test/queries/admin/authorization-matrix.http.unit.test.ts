/**
 * The authorization matrix: every route of the route table, called by every kind of
 * caller — signed out, a bad token, a learner who has not passed the gate, a compliant learner, an auditor,
 * an analyst and an admin (the last three not compliant) — on the whole stack, compared cell by cell with
 * the answer derived here from the route's declared access. "Allowed" means neither 401 nor 403 (and never a
 * 5xx): the handler may still answer 400/404/409/422 for the sample input. Plus the shape rules behind it:
 * learners' routes take no user id, auditors' routes only read, analysts' answers carry no identity.
 */

import { type Access, type RouteSpec, routeList, streams } from '@tickwise/contracts';
import { readState } from '@tickwise/projections';
import type { ApiResponse as Response } from '../../../src/testing';
import {
  type Client,
  documentInForce,
  eventually,
  freshEmail,
  GOOD_PASSWORD,
  loadInstrument,
  type Person,
  passGate,
  RISK_ANSWERS,
  register,
  registerWithRole,
  type Stack,
  startStack,
} from '../../../src/testing';

type CallerName = 'signed out' | 'bad token' | 'learner' | 'compliant' | 'auditor' | 'analyst' | 'admin';
const CALLERS: readonly CallerName[] = [
  'signed out',
  'bad token',
  'learner',
  'compliant',
  'auditor',
  'analyst',
  'admin',
];
type Outcome = 'ok' | '401' | '403';

/** The expected answer, from the route's access alone (written out here, not taken from the product). */
function expectedOutcome(access: Access, caller: CallerName): Outcome {
  if (access === 'public') return 'ok';
  if (caller === 'signed out' || caller === 'bad token') return '401';
  switch (access) {
    case 'authenticated':
      return 'ok';
    case 'compliant':
      return caller === 'compliant' ? 'ok' : '403';
    case 'auditor':
      return caller === 'auditor' || caller === 'admin' ? 'ok' : '403';
    case 'analyst':
      return caller === 'analyst' || caller === 'admin' ? 'ok' : '403';
    case 'admin':
      return caller === 'admin' ? 'ok' : '403';
  }
}

const outcomeOf = (status: number): string =>
  status === 401 ? '401' : status === 403 ? '403' : status >= 500 ? `5xx(${status})` : 'ok';

let stack: Stack;
const people = new Map<CallerName, Person>();
const warningOf = new Map<string, string>();
/** Every e-mail and user id registered on this stack (scanned for in analysts' answers). */
const identities: string[] = [];
const person = (name: CallerName) => {
  const found = people.get(name);
  if (!found) throw new Error(`no ${name}`);
  return found;
};

beforeAll(async () => {
  stack = await startStack({
    storage: 'memory',
    publishContent: true,
    processManagers: true,
    env: { MIN_READ_SECONDS: '0' },
  });
  people.set('learner', await register(stack, { label: 'matrix-learner' }));
  const compliant = await register(stack, { label: 'matrix-compliant' });
  await passGate(compliant);
  people.set('compliant', compliant);
  for (const role of ['auditor', 'analyst', 'admin'] as const)
    people.set(role, await registerWithRole(stack, role));
  for (const p of people.values()) {
    identities.push(p.email, p.userId);
    // The registration warning the process manager issues to everyone: a real id for the warning route.
    const warningId = await eventually(
      async () => {
        const events = await stack.storage.log.readStream(streams.compliance(p.userId));
        const issued = events.find((e) => e.type === 'RegulatoryWarningIssued');
        return issued ? String((issued.data as { warningId: string }).warningId) : undefined;
      },
      { what: `the registration warning of ${p.email}` },
    );
    warningOf.set(p.userId, warningId);
  }
});
afterAll(async () => {
  // A rebuild the matrix started must finish before the storage closes.
  if (stack) {
    await eventually(
      async () => ((await readState(stack.storage.store, 'analytics'))?.building ? undefined : true),
      {
        timeoutMs: 15_000,
        what: 'the analytics rebuild to finish',
      },
    );
  }
  await stack?.close();
});

/** A sample value for each path parameter: ids of real objects. */
function pathOf(route: RouteSpec, caller: CallerName): string {
  return route.path.replace(/:(\w+)/g, (_match, name: string) => {
    if (route.path.startsWith('/api/modules/') && name === 'id') return '1';
    if (route.path.startsWith('/api/regulatory/warning/') && name === 'id') {
      const own = people.get(caller);
      return warningOf.get((own ?? person('compliant')).userId) ?? '';
    }
    if (route.path.startsWith('/api/audit/learners/') && name === 'id') return person('compliant').userId;
    if (name === 'documentType') return 'risk_disclosure';
    if (name === 'version') return RISK_IN_FORCE;
    if (name === 'name') return 'analytics';
    if (name === 'lessonId') return '1';
    if (name === 'checkId') return '10011';
    // Public: a certificate id that is not issued answers 404 to everyone alike.
    if (route.path.startsWith('/api/certificates/') && name === 'id')
      return '0190f5d2-7c1e-7c3a-9b4e-000000000000';
    throw new Error(`the matrix has no sample value for :${name} of ${route.method} ${route.path}; add one`);
  });
}

/** The risk disclosure version in force after start-up: a sample document that exists and can be acknowledged. */
const RISK_IN_FORCE = documentInForce('risk_disclosure').version;

const QUERIES: Record<string, () => string> = {
  auditLearners: () => `?query=${encodeURIComponent(person('compliant').email)}`,
  auditLearnerExport: () => '?format=json',
  auditProof: () => '?revision=0',
};

const BODIES: Record<string, (caller: CallerName) => object> = {
  answerLessonCheck: () => ({ selectedAnswer: 0 }),
  // A certificate the caller does not hold: 404 once access allows the call.
  chooseCertificateName: () => ({ recipientName: 'Ann Lee' }),
  // A question the caller never missed: refused by the review rule (422) once access allows the call.
  answerReview: () => ({ kind: 'quiz', itemId: 101, lessonId: null, selectedAnswer: 0 }),
  // A run of the quiet MES week that needs no answers: every signed-in caller may record one.
  recordMarginSimulation: () => ({
    scenarioId: 'mes-quiet-week',
    side: 'long',
    contracts: 1,
    startingBalance: 5000,
    responses: [],
  }),
  // Public, and refused alike for everyone: a note of another log (422).
  submitCosignature: () => ({
    note: 'elsewhere.example/tickwise-log\n1\nAAAA\ntickwise-checkpoint 1 ' + '0'.repeat(64) + '\n',
    cosignature: '\u2014 witness.example AAAAAAAA',
  }),
  // A wrong password: the route's access is what is tested, not an erasure (400, nothing recorded).
  eraseAccount: () => ({ password: 'Not-the-password-1' }),
  login: (caller) => ({ email: (people.get(caller) ?? person('learner')).email, password: GOOD_PASSWORD }),
  register: () => {
    const email = freshEmail('matrix-new');
    identities.push(email);
    return { email, password: GOOD_PASSWORD };
  },
  recordProgress: () => ({ moduleId: 1, lessonId: 1, completed: true }),
  quizAttempt: () => ({ questionId: 101, selectedAnswer: 1 }),
  submitPsychologyAssessment: () => ({
    responses: loadInstrument().questions.map((q) => ({ questionId: q.id, value: 3 })),
  }),
  acknowledgeDocument: () => ({ documentType: 'risk_disclosure', version: RISK_IN_FORCE }),
  recordDocumentView: () => ({ documentType: 'risk_disclosure', version: RISK_IN_FORCE }),
  submitRiskAssessment: () => RISK_ANSWERS,
};

async function call(route: RouteSpec, caller: CallerName): Promise<Response> {
  const path = `${pathOf(route, caller)}${QUERIES[route.name]?.() ?? ''}`;
  const sample = BODIES[route.name];
  if (route.body && !sample) throw new Error(`the matrix has no sample body for ${route.name}; add one`);
  const body = sample?.(caller);
  const signedIn = people.get(caller);
  if (signedIn) {
    if (route.method === 'GET') return signedIn.get(path);
    return route.method === 'POST' ? signedIn.post(path, body) : signedIn.put(path, body);
  }
  const api: Client = stack.client();
  const withToken = <T extends { set(name: string, value: string): T }>(test: T) =>
    caller === 'bad token' ? test.set('Authorization', 'Bearer not.a.valid-token') : test;
  if (route.method === 'GET') return withToken(api.get(path));
  return withToken(route.method === 'POST' ? api.post(path, body) : api.put(path, body));
}

const label = (route: RouteSpec) => `${route.method} ${route.path} [${route.access}]`;

describe('the route table itself', () => {
  const learnerRoutes = routeList.filter((r) => r.access === 'authenticated' || r.access === 'compliant');

  test('learners’ routes take no user id: their only path ids are a module, a lesson and its check, and their own warning or certificate id', () => {
    expect(
      learnerRoutes
        .filter((r) => r.path.includes(':'))
        .map((r) => r.path)
        .sort(),
    ).toEqual([
      '/api/certificates/:id/name',
      '/api/lessons/:lessonId/checks/:checkId/answer',
      '/api/modules/:id/lessons',
      '/api/modules/:id/quiz',
      '/api/regulatory/warning/:id/acknowledge',
    ]);
    const fieldsOf = (codec: unknown): string[] => {
      if (typeof codec !== 'object' || codec === null) return [];
      if ('props' in codec && typeof codec.props === 'object' && codec.props !== null)
        return Object.keys(codec.props);
      if ('types' in codec && Array.isArray(codec.types)) return codec.types.flatMap(fieldsOf);
      if ('type' in codec) return fieldsOf(codec.type);
      return [];
    };
    // A learner route takes a query only to refuse one: a closed query with no fields (GET /api/account/data),
    // so no user id can ride along.
    expect(learnerRoutes.flatMap((r) => fieldsOf(r.query))).toEqual([]);
    expect(learnerRoutes.filter((r) => r.query !== undefined).map((r) => r.name)).toEqual(['personalData']);
    const bodyFields = learnerRoutes.flatMap((r) => fieldsOf(r.body));
    expect(bodyFields.length).toBeGreaterThan(0);
    expect(bodyFields.filter((f) => /user|learner|owner|account/i.test(f))).toEqual([]);
  });

  test('another learner’s warning id is 404 (not their data), never acknowledged for them', async () => {
    const other = warningOf.get(person('learner').userId) ?? '';
    const res = await person('compliant').put(`/api/regulatory/warning/${other}/acknowledge`);
    expect(res.status).toBe(404);
    const events = await stack.storage.log.readStream(streams.compliance(person('learner').userId));
    expect(events.filter((e) => e.type === 'RegulatoryWarningAcknowledged')).toEqual([]);
  });

  test('auditors only read: every auditor route is a GET', () => {
    const auditorRoutes = routeList.filter((r) => r.access === 'auditor');
    expect(auditorRoutes.length).toBeGreaterThan(0);
    expect(auditorRoutes.filter((r) => r.method !== 'GET').map((r) => r.name)).toEqual([]);
  });

  test('every route declares one of the known kinds of access', () => {
    const known: readonly string[] = ['public', 'authenticated', 'compliant', 'auditor', 'analyst', 'admin'];
    expect(routeList.filter((r) => !known.includes(r.access)).map((r) => r.name)).toEqual([]);
  });
});

// Last: the matrix logs every caller out.
test('every route × every caller answers as the route’s access says', async () => {
  // Logging out ends the caller's session: that row goes last.
  const ordered = [
    ...routeList.filter((r) => r.name !== 'logout'),
    ...routeList.filter((r) => r.name === 'logout'),
  ];
  expect(ordered).toHaveLength(routeList.length);
  const analystAnswers: Array<{ route: string; caller: CallerName; text: string }> = [];
  const rows: string[] = [];
  const mismatches: string[] = [];
  for (const route of ordered) {
    const cells: string[] = [];
    for (const caller of CALLERS) {
      const res = await call(route, caller);
      const actual = outcomeOf(res.status);
      const expected = expectedOutcome(route.access, caller);
      if (actual !== expected)
        mismatches.push(
          `${label(route)} as ${caller}: expected ${expected}, got ${res.status} ${res.text.slice(0, 120)}`,
        );
      cells.push(`${actual === expected ? ' ' : '✗'}${String(res.status).padEnd(4)}`);
      if (route.access === 'analyst' && actual === 'ok')
        analystAnswers.push({ route: label(route), caller, text: res.text });
    }
    rows.push(`${label(route).padEnd(72)} ${cells.join(' ')}`);
  }
  const table = [`${''.padEnd(72)} ${CALLERS.map((c) => c.slice(0, 5).padEnd(5)).join(' ')}`, ...rows].join(
    '\n',
  );
  if (mismatches.length > 0)
    throw new Error(`authorization matrix (✗ = unexpected):\n${table}\n\n${mismatches.join('\n')}`);

  // Analysts see aggregates only: no registered e-mail address or user id in anything they were answered.
  expect(analystAnswers.length).toBeGreaterThan(0);
  const leaks = analystAnswers.flatMap(({ route, caller, text }) =>
    identities
      .filter((id) => text.toLowerCase().includes(id.toLowerCase()))
      .map((id) => `${route} as ${caller}: ${id}`),
  );
  expect(leaks).toEqual([]);
}, 60_000);
