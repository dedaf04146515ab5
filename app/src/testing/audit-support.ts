/**
 * Helpers for the auditor / analyst HTTP tests (audit, analytics, admin): people who register over HTTP,
 * roles granted by events as the admin CLI does (RoleGranted through the user decider), the compliance gate
 * walked with the test clock, and a small RFC 4180 reader for the CSV exports. Built on the shared harness.
 */
import { documentInForce, userAccount } from '@tickwise/command-service/testing';
import { type GrantableRole, streams } from '@tickwise/contracts';
import { handleCommand, maxPosition } from '@tickwise/platform';
import {
  type ApiCall,
  freshEmail,
  GOOD_PASSWORD,
  type ApiResponse as Response,
  type Stack,
  type TestClock,
} from './harness';

/** A signed-in user whose queries carry the highest position their writes (or grants) reached. */
export interface Person {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  ip: string;
  token: string;
  position: string;
  get(path: string): Promise<Response>;
  /** A write; its X-Position (if any) becomes the person's read position. Extra headers are optional. */
  post(path: string, body?: object, headers?: Record<string, string>): Promise<Response>;
  put(path: string, body?: object): Promise<Response>;
  /** Moves the read position on to a write made outside HTTP (e.g. a role granted). */
  saw(position: string | undefined): void;
}

export interface RegisterOptions {
  label?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  /** Sent as User-Agent with every request (it becomes acknowledgment evidence). */
  userAgent?: string;
}

export async function register(stack: Stack, options: RegisterOptions = {}): Promise<Person> {
  const api = stack.client();
  const email = options.email ?? freshEmail(options.label ?? 'audit');
  const firstName = options.firstName ?? '';
  const lastName = options.lastName ?? '';
  const agent = (test: ApiCall) => (options.userAgent ? test.set('User-Agent', options.userAgent) : test);
  const res = await agent(
    api.post('/api/auth/register', { email, password: GOOD_PASSWORD, firstName, lastName }),
  );
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${res.text}`);
  const token = String(res.body.token);
  const auth = (test: ApiCall) => agent(test.set('Authorization', `Bearer ${token}`));
  const person: Person = {
    userId: String(res.body.user.id),
    email,
    firstName,
    lastName,
    ip: api.ip,
    token,
    position: String(res.headers['x-position']),
    get: async (path) => auth(api.get(path)).set('X-Min-Position', person.position),
    post: async (path, body, headers = {}) => {
      const reply = await auth(api.post(path, body)).set(headers);
      person.saw(reply.headers['x-position']);
      return reply;
    },
    put: async (path, body) => {
      const reply = await auth(api.put(path, body));
      person.saw(reply.headers['x-position']);
      return reply;
    },
    saw(position) {
      if (typeof position === 'string' && position !== '')
        person.position = maxPosition(person.position, position);
    },
  };
  return person;
}

/**
 * Grants a role the way `npm run admin -- grant-role` does (RoleGranted on the user's stream through the
 * user decider), then waits until the query side's users read model shows it.
 */
export async function grantRole(stack: Stack, person: Person, role: GrantableRole): Promise<void> {
  const outcome = await handleCommand({ log: stack.storage.log }, userAccount, {
    stream: streams.user(person.userId),
    command: { kind: 'grantRole', userId: person.userId, role, by: 'test' },
    commandId: `test:grant:${person.userId}:${role}`,
    actor: 'system:test',
    correlationId: 'test:grant-role',
  });
  person.saw(outcome.position);
  const me = await person.get('/api/auth/me');
  if (!(me.body?.roles as string[] | undefined)?.includes(role)) {
    throw new Error(`the role ${role} did not reach the users read model: ${me.text}`);
  }
}

export async function registerWithRole(
  stack: Stack,
  role: GrantableRole,
  options: RegisterOptions = {},
): Promise<Person> {
  const person = await register(stack, { label: role, ...options });
  await grantRole(stack, person, role);
  return person;
}

export const RISK_ANSWERS = {
  experienceLevel: 'intermediate',
  financialSituation: 'stable',
  riskCapacity: 5,
  investmentObjective: 'education',
  annualIncome: '50k',
  netWorth: '',
} as const;

const expectStatus = (res: Response, status: number, what: string) => {
  if (res.status !== status) throw new Error(`${what} answered ${res.status}: ${res.text}`);
};

/**
 * Opens a document version for reading (starts the reading time on the server clock); by default the version
 * in force after start-up.
 */
export async function view(
  person: Person,
  documentType: string,
  version = documentInForce(documentType).version,
): Promise<Response> {
  const res = await person.post('/api/compliance/document-views', { documentType, version });
  expectStatus(res, 201, `view of ${documentType}@${version}`);
  return res;
}

export async function acknowledge(
  person: Person,
  documentType: string,
  version = documentInForce(documentType).version,
): Promise<Response> {
  const res = await person.post('/api/compliance/acknowledgment', { documentType, version });
  expectStatus(res, 201, `acknowledgment of ${documentType}@${version}`);
  return res;
}

export async function assessRisk(person: Person): Promise<Response> {
  const res = await person.post('/api/risk/assessment', RISK_ANSWERS);
  expectStatus(res, 201, 'risk assessment');
  return res;
}

/** The documents in force for this person (type and version). */
export async function activeDocuments(
  person: Person,
): Promise<Array<{ documentType: string; version: string }>> {
  const res = await person.get('/api/compliance/documents');
  expectStatus(res, 200, 'documents');
  return res.body as Array<{ documentType: string; version: string }>;
}

/**
 * Views every active document, lets `readSeconds` of server time pass (test clock) and acknowledges them,
 * then a risk assessment. Without a clock the stack must run with MIN_READ_SECONDS=0.
 */
export async function passGate(person: Person, clock?: TestClock, readSeconds = 15): Promise<void> {
  const documents = await activeDocuments(person);
  for (const { documentType, version } of documents) await view(person, documentType, version);
  clock?.advance(readSeconds * 1000);
  for (const { documentType, version } of documents) await acknowledge(person, documentType, version);
  await assessRisk(person);
  const me = await person.get('/api/auth/me');
  if (me.body?.isCompliant !== true) throw new Error(`not compliant after the gate: ${me.text}`);
}

/** Number of events in a stream (0 when it does not exist). */
export async function streamLength(stack: Stack, stream: string): Promise<number> {
  return (await stack.storage.log.readStream(stream)).length;
}

/** Parses RFC 4180 CSV (quoted fields, doubled quotes, CRLF line ends) into rows of fields. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}
