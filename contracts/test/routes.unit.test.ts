import * as t from 'io-ts';
import {
  Access,
  type AccessDecision,
  decideAccess,
  type Principal,
  pathFor,
  type RouteSpec,
  routeList,
  routes,
  successStatus,
} from '../src';

const paramNames = (path: string): string[] => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? '');

/** Keys of an object codec: exact, interface, partial, or an intersection of those. */
function propsOf(codec: unknown): string[] {
  if (codec instanceof t.ExactType) return propsOf(codec.type);
  if (codec instanceof t.InterfaceType || codec instanceof t.PartialType) return Object.keys(codec.props);
  if (codec instanceof t.IntersectionType) return codec.types.flatMap((part: unknown) => propsOf(part));
  throw new Error('not an object codec');
}

describe('the route table', () => {
  it('names every route after its key', () => {
    for (const [key, route] of Object.entries(routes)) expect(route.name).toBe(key);
  });

  it('has a response codec for every route', () => {
    for (const route of routeList) expect(route.response).toBeInstanceOf(t.Type);
  });

  it('has a unique (method, path) for every route', () => {
    const keys = routeList.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('sends GETs to the query service and everything else to the command service', () => {
    for (const route of routeList) expect(route.service).toBe(route.method === 'GET' ? 'query' : 'command');
  });

  it('takes no body on GET routes and exact bodies elsewhere', () => {
    for (const route of routeList) {
      if (route.method === 'GET') expect(route.body).toBeUndefined();
      if (route.body !== undefined) expect(route.body).toBeInstanceOf(t.ExactType);
    }
  });

  it('has a params codec exactly for paths with parameters, with the same names', () => {
    for (const route of routeList) {
      const names = paramNames(route.path);
      if (names.length === 0) expect(route.params).toBeUndefined();
      else expect(route.params && propsOf(route.params).sort()).toEqual(names.sort());
    }
  });

  it('uses known access levels and API paths', () => {
    for (const route of routeList) {
      expect(Access.values).toContain(route.access);
      expect(route.path).toMatch(/^\/api\/[a-z0-9/:_-]+$/i);
    }
  });

  const expected: [string, string, RouteSpec['access']][] = [
    ['GET', '/api/auth/me', 'authenticated'],
    ['POST', '/api/auth/login', 'public'],
    ['POST', '/api/auth/register', 'public'],
    ['POST', '/api/auth/logout', 'authenticated'],
    ['POST', '/api/account/erasure', 'authenticated'],
    ['GET', '/api/account/data', 'authenticated'],
    ['GET', '/api/modules', 'compliant'],
    ['GET', '/api/contract-specs', 'authenticated'],
    ['GET', '/api/review', 'compliant'],
    ['POST', '/api/review/answers', 'compliant'],
    ['GET', '/api/mastery', 'compliant'],
    ['GET', '/api/practice/margin-scenarios', 'authenticated'],
    ['POST', '/api/practice/margin-simulations', 'authenticated'],
    ['GET', '/api/modules/:id/lessons', 'compliant'],
    ['GET', '/api/modules/:id/quiz', 'compliant'],
    ['GET', '/api/progress', 'compliant'],
    ['POST', '/api/progress', 'compliant'],
    ['POST', '/api/quiz/attempt', 'compliant'],
    ['POST', '/api/lessons/:lessonId/checks/:checkId/answer', 'compliant'],
    ['GET', '/api/assessments', 'compliant'],
    ['GET', '/api/trading-psychology/latest', 'compliant'],
    ['GET', '/api/trading-profile', 'compliant'],
    ['GET', '/api/quiz-results', 'compliant'],
    ['GET', '/api/compliance/documents', 'authenticated'],
    ['GET', '/api/compliance/acknowledgments', 'authenticated'],
    ['POST', '/api/compliance/acknowledgment', 'authenticated'],
    ['POST', '/api/compliance/document-views', 'authenticated'],
    ['GET', '/api/compliance/log', 'authenticated'],
    ['GET', '/api/compliance/document-views', 'authenticated'],
    ['GET', '/api/risk/assessments', 'authenticated'],
    ['POST', '/api/risk/assessment', 'authenticated'],
    ['GET', '/api/regulatory/warnings', 'authenticated'],
    ['PUT', '/api/regulatory/warning/:id/acknowledge', 'authenticated'],
    ['GET', '/api/trading-psychology/questions', 'compliant'],
    ['POST', '/api/trading-psychology/assessment', 'compliant'],
    ['GET', '/api/dashboard', 'compliant'],
    ['GET', '/api/audit/learners', 'auditor'],
    ['GET', '/api/audit/learners/:id/history', 'auditor'],
    ['GET', '/api/audit/documents', 'auditor'],
    ['GET', '/api/audit/documents/:documentType/:version/coverage', 'auditor'],
    ['GET', '/api/audit/learners/:id/export', 'auditor'],
    ['GET', '/api/audit/learners/:id/proof', 'auditor'],
    ['GET', '/api/audit/documents/:documentType/:version/coverage/export', 'auditor'],
    ['GET', '/api/log/checkpoint-key', 'public'],
    ['GET', '/api/log/checkpoints', 'public'],
    ['POST', '/api/log/cosignatures', 'public'],
    ['GET', '/api/certificates', 'authenticated'],
    ['GET', '/api/certificates/:id', 'public'],
    ['PUT', '/api/certificates/:id/name', 'authenticated'],
    ['GET', '/api/certificates/:id/verification', 'public'],
    ['GET', '/api/certificates/:id/pdf', 'public'],
    ['GET', '/api/issuer', 'public'],
    ['GET', '/api/analytics/funnel', 'analyst'],
    ['GET', '/api/analytics/practice', 'analyst'],
    ['GET', '/api/analytics/modules', 'analyst'],
    ['GET', '/api/analytics/quiz-items', 'analyst'],
    ['GET', '/api/analytics/psychology', 'analyst'],
    ['GET', '/api/analytics/compliance', 'analyst'],
    ['GET', '/api/admin/projections', 'analyst'],
    ['POST', '/api/admin/projections/:name/rebuild', 'analyst'],
  ];

  it('contains exactly the routes of the product, with their access', () => {
    const actual = routeList.map((route) => [route.method, route.path, route.access]);
    expect(actual.sort()).toEqual([...expected].sort());
  });

  it('answers 201 for register and 202 for a rebuild, 200 by default', () => {
    expect(successStatus(routes.register)).toBe(201);
    expect(successStatus(routes.rebuildProjection)).toBe(202);
    expect(successStatus(routes.me)).toBe(200);
  });

  it('responds with arrays for the lists: modules, progress, risk assessments, warnings', () => {
    for (const route of [
      routes.modules,
      routes.progress,
      routes.riskAssessments,
      routes.regulatoryWarnings,
    ]) {
      expect(route.response).toBeInstanceOf(t.ArrayType);
    }
    expect(routes.me.response.is([])).toBe(false);
  });
});

describe('pathFor', () => {
  it('fills and encodes path parameters', () => {
    expect(pathFor('moduleLessons', { id: 3 })).toBe('/api/modules/3/lessons');
    expect(pathFor('acknowledgeWarning', { id: 'w/1' })).toBe('/api/regulatory/warning/w%2F1/acknowledge');
    expect(pathFor('auditDocumentCoverage', { documentType: 'risk_disclosure', version: '1.0' })).toBe(
      '/api/audit/documents/risk_disclosure/1.0/coverage',
    );
  });

  it('leaves plain paths alone and appends a query string without undefined values', () => {
    expect(pathFor('me')).toBe('/api/auth/me');
    expect(pathFor('auditLearners', {}, { query: 'ann lee', page: undefined })).toBe(
      '/api/audit/learners?query=ann+lee',
    );
  });

  it('throws when a parameter is missing at run time', () => {
    const loose = pathFor as (name: string, params?: Record<string, string>) => string;
    expect(() => loose('moduleLessons', {})).toThrow('missing path parameter id');
  });
});

describe('decideAccess', () => {
  const learner: Principal = { roles: ['learner'], isCompliant: true };
  const newcomer: Principal = { roles: ['learner'], isCompliant: false };
  const auditor: Principal = { roles: ['learner', 'auditor'], isCompliant: false };
  const analyst: Principal = { roles: ['learner', 'analyst'], isCompliant: true };
  const admin: Principal = { roles: ['learner', 'admin'], isCompliant: false };

  const matrix: [Access, [Principal, AccessDecision][]][] = [
    [
      'public',
      [
        [null, 'allowed'],
        [newcomer, 'allowed'],
      ],
    ],
    [
      'authenticated',
      [
        [null, 'unauthenticated'],
        [newcomer, 'allowed'],
        [learner, 'allowed'],
      ],
    ],
    [
      'compliant',
      [
        [null, 'unauthenticated'],
        [newcomer, 'forbidden'],
        [learner, 'allowed'],
        [admin, 'forbidden'],
      ],
    ],
    [
      'auditor',
      [
        [learner, 'forbidden'],
        [auditor, 'allowed'],
        [analyst, 'forbidden'],
        [admin, 'allowed'],
      ],
    ],
    [
      'analyst',
      [
        [learner, 'forbidden'],
        [auditor, 'forbidden'],
        [analyst, 'allowed'],
        [admin, 'allowed'],
      ],
    ],
    [
      'admin',
      [
        [null, 'unauthenticated'],
        [auditor, 'forbidden'],
        [analyst, 'forbidden'],
        [admin, 'allowed'],
      ],
    ],
  ];

  it.each(matrix)('%s', (access, cells) => {
    for (const [principal, decision] of cells) expect(decideAccess(access, principal)).toBe(decision);
  });
});
