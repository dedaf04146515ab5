/**
 * Certificates of completion through the API, on the whole in-memory stack with the authored course: a learner
 * completes every lesson and passes every module quiz, and gets an Open Badges credential that an independent
 * verifier, written here from the W3C eddsa-jcs-2022 algorithm (JCS, SHA-256, Ed25519, base58btc), accepts
 * with the key the issuer profile publishes. Any changed field fails both that verifier and Tickwise's own;
 * erasing the account revokes it and takes the name off.
 */
import { createHash, createPublicKey, verify } from 'node:crypto';
import { type DomainEvent, ofType, streams } from '@tickwise/contracts';
import { checkCredential } from '@tickwise/query-service';
import canonicalize from 'canonicalize';
import {
  becomeCompliant,
  completeModule,
  GOOD_PASSWORD,
  type Learner,
  loadCourse,
  registerLearner,
  type Stack,
  startCourseStack,
} from '../../../src/testing';

// ---- the independent verifier: the W3C algorithm, nothing from Tickwise's code ----

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function base58btc(multibase: string): Buffer {
  if (!multibase.startsWith('z')) throw new Error('not base58btc');
  let value = 0n;
  for (const char of multibase.slice(1)) {
    const digit = BASE58.indexOf(char);
    if (digit < 0) throw new Error('not base58');
    value = value * 58n + BigInt(digit);
  }
  const hex = value === 0n ? '' : value.toString(16);
  const bytes = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
  const zeros = multibase.slice(1).match(/^1*/)?.[0].length ?? 0;
  return Buffer.concat([Buffer.alloc(zeros), bytes]);
}

/** An Ed25519 Multikey (multicodec 0xed01) as a Node key, through its JWK. */
function multikey(publicKeyMultibase: string) {
  const bytes = base58btc(publicKeyMultibase);
  if (bytes[0] !== 0xed || bytes[1] !== 0x01 || bytes.length !== 34)
    throw new Error('not an Ed25519 Multikey');
  return createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: bytes.subarray(2).toString('base64url') },
    format: 'jwk',
  });
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();
const jcs = (value: unknown) => {
  const text = canonicalize(value);
  if (text === undefined) throw new Error('cannot canonicalize');
  return text;
};

type Json = Record<string, unknown>;

/** Verify Proof (eddsa-jcs-2022), with the verification method resolved from the issuer's controller document. */
function independentlyVerified(secured: Json, controller: Json): boolean {
  try {
    const { proof, ...unsecured } = secured as Json & { proof: Json };
    const { proofValue, ...options } = proof;
    if (options.type !== 'DataIntegrityProof' || options.cryptosuite !== 'eddsa-jcs-2022') return false;
    if (options['@context'] !== undefined && jcs(options['@context']) !== jcs(unsecured['@context']))
      return false;
    const methods = controller.verificationMethod as Json[];
    const method = methods.find((m) => m.id === options.verificationMethod);
    const issuer = unsecured.issuer as Json | string;
    const issuerId = typeof issuer === 'string' ? issuer : issuer.id;
    if (!method || method.controller !== controller.id || issuerId !== controller.id) return false;
    if (!(controller.assertionMethod as unknown[]).includes(method.id)) return false;
    const hashData = Buffer.concat([sha256(jcs(options)), sha256(jcs(unsecured))]);
    return verify(null, hashData, multikey(String(method.publicKeyMultibase)), base58btc(String(proofValue)));
  } catch {
    return false;
  }
}

// The verifier itself, on the W3C's published test vector (did:key: the key is the method's own id).
test('the independent verifier accepts the W3C eddsa-jcs-2022 vector and rejects it changed', () => {
  const key = 'z6MkrJVnaZkeFzdQyMZu1cgjg7k1pZZ6pvBQ7XJPt4swbTQ2';
  const method = `did:key:${key}#${key}`;
  const context = ['https://www.w3.org/ns/credentials/v2', 'https://www.w3.org/ns/credentials/examples/v2'];
  const vector = {
    '@context': context,
    id: 'urn:uuid:58172aac-d8ba-11ed-83dd-0b3aef56cc33',
    type: ['VerifiableCredential', 'AlumniCredential'],
    name: 'Alumni Credential',
    description: 'A minimum viable example of an Alumni Credential.',
    issuer: 'https://vc.example/issuers/5678',
    validFrom: '2023-01-01T00:00:00Z',
    credentialSubject: { id: 'did:example:abcdefgh', alumniOf: 'The School of Examples' },
    proof: {
      type: 'DataIntegrityProof',
      cryptosuite: 'eddsa-jcs-2022',
      created: '2023-02-24T23:36:38Z',
      verificationMethod: method,
      proofPurpose: 'assertionMethod',
      '@context': context,
      proofValue: 'z2HnFSSPPBzR36zdDgK8PbEHeXbR56YF24jwMpt3R1eHXQzJDMWS93FCzpvJpwTWd3GAVFuUfjoJdcnTMuVor51aX',
    },
  };
  const controller = {
    id: 'https://vc.example/issuers/5678',
    verificationMethod: [
      {
        id: method,
        type: 'Multikey',
        controller: 'https://vc.example/issuers/5678',
        publicKeyMultibase: key,
      },
    ],
    assertionMethod: [method],
  };
  expect(independentlyVerified(vector, controller)).toBe(true);
  expect(independentlyVerified({ ...vector, name: 'Alumni Credential!' }, controller)).toBe(false);
});

// ---- completing the course through the API ----

const COURSE = loadCourse();

let stack: Stack;
beforeAll(async () => {
  stack = await startCourseStack({ storage: 'memory' });
});
afterAll(async () => {
  await stack?.close();
});

const moduleAt = (index: number) => {
  const module = COURSE.modules[index];
  if (!module) throw new Error(`no module ${index + 1}`);
  return module;
};

const certificateEvents = async (learner: Learner) =>
  (await stack.allEvents())
    .filter((e) => e.stream === streams.learning(learner.userId))
    .map((e) => ({ type: e.type, data: e.data }) as DomainEvent)
    .filter(ofType('CertificateIssued'));

/** Every leaf of a JSON value, by path. */
function leaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, [...path, i]));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, item]) => leaves(item, [...path, key]));
  return [path];
}

function changedAt(document: Json, path: (string | number)[]): Json {
  const copy = structuredClone(document);
  let node = copy as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  const value = node[last];
  node[last] = typeof value === 'boolean' ? !value : typeof value === 'string' ? `${value}x` : value;
  return copy;
}

describe('a certificate of completion', () => {
  let learner: Learner;
  let id: string;

  test('is issued by the completion that finishes the course: every lesson, every quiz passed at 70 or more', async () => {
    learner = await registerLearner(stack, 'certificate', { firstName: 'Ann', lastName: 'Lee' });
    await becomeCompliant(learner);
    // Module 1's quiz first taken with 6 right (60: below the pass mark), then retaken and passed.
    const questions = COURSE.modules[0]?.quiz.length ?? 0;
    await completeModule(learner, moduleAt(0), Math.ceil(questions * 0.6));
    for (const module of COURSE.modules.slice(1)) await completeModule(learner, module);
    expect(await certificateEvents(learner)).toEqual([]);
    const listed = await learner.get('/api/certificates');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([]);

    await completeModule(learner, moduleAt(0));
    const issued = await certificateEvents(learner);
    expect(issued).toHaveLength(1);
    const list = await learner.get('/api/certificates');
    expect(list.body).toHaveLength(1);
    id = list.body[0].id;
    expect(list.body[0]).toMatchObject({
      id: issued[0]?.data.certificateId,
      recipientName: 'Ann Lee',
      status: 'active',
    });
    expect(list.body[0].verifyUrl).toMatch(new RegExp(`/verify/${id}$`));
    expect(list.body[0].linkedInUrl).toMatch(
      /^https:\/\/www\.linkedin\.com\/profile\/add\?startTask=CERTIFICATION_NAME&/,
    );

    // Completing a module again issues nothing more for the same course version.
    await completeModule(learner, moduleAt(3));
    expect(await certificateEvents(learner)).toHaveLength(1);
  });

  test('is an Open Badges 3.0 credential that the independent verifier accepts with the published key', async () => {
    const anonymous = stack.client();
    const credential = (await anonymous.get(`/api/certificates/${id}`)).body as Json;
    const profile = (await anonymous.get('/api/issuer')).body as Json;
    expect(credential).toMatchObject({
      '@context': ['https://www.w3.org/ns/credentials/v2', expect.stringContaining('/spec/ob/v3p0/')],
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      issuer: { id: profile.id, type: ['Profile'] },
      credentialSubject: {
        type: ['AchievementSubject'],
        achievement: { type: ['Achievement'], criteria: { narrative: expect.stringContaining('70') } },
      },
      proof: { type: 'DataIntegrityProof', cryptosuite: 'eddsa-jcs-2022', proofPurpose: 'assertionMethod' },
    });
    expect(typeof credential.validFrom).toBe('string');
    // The subject: the chosen name, and the e-mail address as a salted SHA-256 that the address confirms.
    const identifiers = (credential.credentialSubject as { identifier: Json[] }).identifier;
    expect(identifiers).toContainEqual({
      type: 'IdentityObject',
      identityType: 'name',
      hashed: false,
      identityHash: 'Ann Lee',
    });
    const email = identifiers.find((i) => i.identityType === 'emailAddress');
    expect(email?.hashed).toBe(true);
    expect(email?.identityHash).toBe(
      `sha256$${createHash('sha256')
        .update(`${learner.email.toLowerCase()}${String(email?.salt)}`)
        .digest('hex')}`,
    );
    expect(JSON.stringify(credential)).not.toContain(learner.email);

    expect(independentlyVerified(credential, profile)).toBe(true);
    const checks = checkCredential(credential, profile as never, new Date());
    expect(checks.every((c) => c.ok)).toBe(true);
    // The same bytes on every request.
    expect((await anonymous.get(`/api/certificates/${id}`)).body).toEqual(credential);
  });

  test('changing any one field of the credential makes both verifiers fail', async () => {
    const anonymous = stack.client();
    const credential = (await anonymous.get(`/api/certificates/${id}`)).body as Json;
    const profile = (await anonymous.get('/api/issuer')).body as Json;
    const paths = leaves(credential);
    expect(paths.length).toBeGreaterThan(25);
    for (const path of paths) {
      const changed = changedAt(credential, path);
      expect([path.join('.'), independentlyVerified(changed, profile)]).toEqual([path.join('.'), false]);
      const checks = checkCredential(changed, profile as never, new Date());
      expect([path.join('.'), checks.every((c) => c.ok)]).toEqual([path.join('.'), false]);
    }
  });

  test('the verify page data: who, what, when, issuer, and each check', async () => {
    const res = await stack.client().get(`/api/certificates/${id}/verification`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, verified: true, status: 'active', recipientName: 'Ann Lee' });
    expect(res.body.checks.map((c: { check: string }) => c.check)).toEqual([
      'proof',
      'issuerKey',
      'validity',
      'status',
    ]);
    expect(res.body.notConfirmed.length).toBeGreaterThan(0);
    expect((await stack.client().get('/api/certificates/not-a-certificate/verification')).status).toBe(404);
  });

  test('the PDF is a PDF', async () => {
    const res = await stack.client().get(`/api/certificates/${id}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toContain(`tickwise-certificate-${id}.pdf`);
    expect(res.text.startsWith('%PDF-')).toBe(true);
  });

  test('the learner chooses the name it shows: the credential names it and still verifies', async () => {
    const name = (certificateId: string, body: object) =>
      stack
        .client()
        .put(`/api/certificates/${certificateId}/name`, body)
        .set('Authorization', `Bearer ${learner.token}`);
    const events = (await stack.allEvents()).length;
    expect((await name(id, { recipientName: '   ' })).status).toBe(400);
    const missing = await name('0190f5d2-7c1e-7c3a-9b4e-000000000000', { recipientName: 'Ann B. Lee' });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Certificate not found' });
    expect(await stack.allEvents()).toHaveLength(events);

    const chosen = await name(id, { recipientName: 'Ann B. Lee' });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toEqual({ certificateId: id, recipientName: 'Ann B. Lee' });
    const credential = (
      await stack
        .client()
        .get(`/api/certificates/${id}`)
        .set('X-Min-Position', String(chosen.headers['x-position']))
    ).body as Json;
    const profile = (await stack.client().get('/api/issuer')).body as Json;
    const identifiers = (credential.credentialSubject as { identifier: Json[] }).identifier;
    expect(identifiers).toContainEqual({
      type: 'IdentityObject',
      identityType: 'name',
      hashed: false,
      identityHash: 'Ann B. Lee',
    });
    expect(independentlyVerified(credential, profile)).toBe(true);
    // Back to the registered name, which the download test below expects.
    expect((await name(id, { recipientName: 'Ann Lee' })).status).toBe(200);
  });

  test("the learner's data download lists the certificate with its name and salted e-mail hash", async () => {
    const res = await learner.get('/api/account/data');
    expect(res.status).toBe(200);
    expect(res.body.certificates).toEqual([
      expect.objectContaining({
        certificateId: id,
        recipientName: 'Ann Lee',
        identityHash: expect.stringMatching(/^sha256\$/),
      }),
    ]);
  });

  test('erasing the account revokes the certificate and takes the name off', async () => {
    const erased = await learner.post('/api/account/erasure', { password: GOOD_PASSWORD });
    expect(erased.status).toBe(200);
    const anonymous = stack.client();
    const verification = await anonymous
      .get(`/api/certificates/${id}/verification`)
      .set('X-Min-Position', String(erased.headers['x-position']));
    expect(verification.status).toBe(200);
    expect(verification.body).toMatchObject({
      id,
      verified: false,
      status: 'revoked',
      recipientName: null,
      credential: null,
    });
    expect(JSON.stringify(verification.body)).not.toContain('Ann Lee');
    const credential = await anonymous.get(`/api/certificates/${id}`);
    expect(credential.status).toBe(410);
    expect(credential.body).toEqual({ error: expect.stringContaining('revoked') });
    expect((await anonymous.get(`/api/certificates/${id}/pdf`)).status).toBe(410);
    // In the log, the certificate's name and e-mail hash now read as erased.
    const [event] = await certificateEvents(learner);
    expect(event?.data).toMatchObject({ recipientName: '(erased)', identityHash: '(erased)' });
  });
});
