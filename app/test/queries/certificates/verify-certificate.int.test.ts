/**
 * `npm run audit -- verify-certificate`: a learner completes the course over HTTP on real SQLite files, and
 * the credential they download verifies offline, in a process of its own, against this installation's key
 * and against a saved issuer profile; one changed letter, or another issuer's profile, does not.
 */
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { publicKeyMultibase } from '@tickwise/platform';
import {
  becomeCompliant,
  completeCourse,
  registerLearner,
  type Stack,
  startStack,
} from '../../../src/testing';

const ROOT = resolve(__dirname, '..', '..', '..', '..');
let stack: Stack;
let files: string;
let credential: Record<string, unknown>;
let profile: Record<string, unknown>;

beforeAll(async () => {
  stack = await startStack({ publishContent: true, env: { MIN_READ_SECONDS: '0' } });
  files = mkdtempSync(join(tmpdir(), 'tickwise-certificate-'));
  const learner = await registerLearner(stack, 'cli', { firstName: 'Grace', lastName: 'Hopper' });
  await becomeCompliant(learner);
  await completeCourse(learner);
  const [certificate] = (await learner.get('/api/certificates')).body as Array<{ id: string }>;
  if (!certificate) throw new Error('no certificate was issued');
  credential = (await stack.client().get(`/api/certificates/${certificate.id}`)).body;
  profile = (await stack.client().get('/api/issuer')).body;
}, 120_000);

afterAll(async () => {
  await stack?.close();
  if (files) rmSync(files, { recursive: true, force: true });
});

function audit(...args: string[]) {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'query-service/src/audit/cli.ts'), ...args],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: stack.dir, PUBLIC_URL: stack.config.publicUrl, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  return { code: run.status, output: `${run.stdout}${run.stderr}` };
}

const saved = (name: string, value: unknown) => {
  const file = join(files, name);
  writeFileSync(file, JSON.stringify(value, null, 2));
  return file;
};

test("verifies offline against this installation's key, saying what it could not check", () => {
  const run = audit('verify-certificate', saved('credential.json', credential));
  expect(run.output).toContain('VERIFIED (offline)');
  expect(run.output).toContain('awarded to: Grace Hopper');
  expect(run.output).toMatch(/confirmed: proof: /);
  expect(run.output).toMatch(/not checked: whether it was revoked/);
  expect(run.code).toBe(0);
});

test('verifies against a saved issuer profile; a changed letter or a foreign issuer key fails', () => {
  const issuer = saved('issuer.json', profile);
  expect(audit('verify-certificate', saved('credential.json', credential), '--issuer', issuer).code).toBe(0);

  const changed = structuredClone(credential) as { validFrom: string };
  changed.validFrom = changed.validFrom.replace(/^2/, '1');
  const tampered = audit('verify-certificate', saved('changed.json', changed), '--issuer', issuer);
  expect(tampered.output).toContain('NOT VERIFIED');
  expect(tampered.output).toMatch(/NOT confirmed: proof: The signature does not hold/);
  expect(tampered.code).toBe(1);

  const other = structuredClone(profile) as { verificationMethod: Array<{ publicKeyMultibase: string }> };
  const [method] = other.verificationMethod;
  if (method) method.publicKeyMultibase = publicKeyMultibase(generateKeyPairSync('ed25519').publicKey);
  const foreign = audit(
    'verify-certificate',
    saved('credential.json', credential),
    '--issuer',
    saved('other.json', other),
  );
  expect(foreign.output).toContain('NOT VERIFIED');
  expect(foreign.code).toBe(1);
});
