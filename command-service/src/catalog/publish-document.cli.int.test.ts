/**
 * `npm run admin -- publish-document <file>`: publishes a new version of a compliance document
 * from its file; the same file again is a no-op; a broken or conflicting file exits 1 naming the file.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { type EventOf, streams } from '@tickwise/contracts';
import { SqliteEventLog } from '@tickwise/platform';
import { COMPLIANCE_DIR, loadComplianceDocuments } from './compliance-documents';
import { publishDocuments } from './publish-documents';

type Published = EventOf<'ComplianceDocumentPublished'>['data'];

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'tickwise-publish-'));
const dataDir = join(dir, 'data');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const root = join(__dirname, '..', '..', '..');
const admin = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', join(__dirname, '..', 'admin', 'cli.ts'), ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, EVENTSTORE_URL: '', MONGO_URL: '', LOG_LEVEL: 'silent' },
  });

/** The published versions of a document, read from the event log the CLI wrote to. */
async function versions(documentType: string): Promise<Published[]> {
  const log = new SqliteEventLog({ file: join(dataDir, 'events.db') });
  try {
    return (await log.readStream(streams.catalogDocument(documentType))).map((e) => e.data as Published);
  } finally {
    await log.close();
  }
}

/** A copy of the authored risk disclosure as another version, with a sentence added. */
function riskDisclosure(version: string, sentence: string): string {
  const file = join(dir, `risk_disclosure-${version}-${sentence.length}.md`);
  const text = readFileSync(join(COMPLIANCE_DIR, 'risk_disclosure', '1.0.md'), 'utf8')
    .replace('version: "1.0"', `version: "${version}"`)
    .concat(`\n${sentence}\n`);
  writeFileSync(file, text);
  return file;
}

const named = (file: string) => `${relative(root, file)}: `;

beforeAll(async () => {
  mkdirSync(dataDir, { recursive: true });
  // The authored documents (1.0, then 1.1) are in force, as after a first start-up.
  const log = new SqliteEventLog({ file: join(dataDir, 'events.db') });
  await publishDocuments(log, loadComplianceDocuments(), {
    actor: 'system:publisher',
    now: () => new Date(),
  });
  await log.close();
});

test('publishes a new version; the same file again is "Nothing to do"', async () => {
  const file = riskDisclosure('1.2', 'Version 1.2 adds this sentence.');
  const first = await admin('publish-document', file);
  expect(first.stdout).toContain('Published risk_disclosure version 1.2');
  const published = await versions('risk_disclosure');
  expect(published.map((v) => v.version)).toEqual(['1.0', '1.1', '1.2']);
  expect(published[2]?.content).toContain('Version 1.2 adds this sentence.');

  const again = await admin('publish-document', file);
  expect(again.stdout).toContain('Nothing to do: risk_disclosure version 1.2 is already published');
  expect(await versions('risk_disclosure')).toEqual(published);
}, 30_000);

test('a broken file, or other text under a published version, exits 1 with a message naming the file', async () => {
  const broken = join(dir, 'broken.md');
  writeFileSync(
    broken,
    '---\ndocumentType: risk_disclosure\nversion: "1.2"\ntitle: No consent\n---\n\nShort.\n',
  );
  await expect(admin('publish-document', broken)).rejects.toMatchObject({
    code: 1,
    stdout: expect.stringContaining(`${named(broken)}'consent' must be a non-empty string`),
  });

  const conflicting = riskDisclosure('1.2', 'A different sentence under the same version.');
  await expect(admin('publish-document', conflicting)).rejects.toMatchObject({
    code: 1,
    stdout: expect.stringContaining(`${named(conflicting)}version 1.2 was already published with other text`),
  });
  expect((await versions('risk_disclosure')).map((v) => v.version)).toEqual(['1.0', '1.1', '1.2']);
}, 30_000);
