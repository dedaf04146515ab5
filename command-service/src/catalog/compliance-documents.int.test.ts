/**
 * The authored compliance documents (content/compliance/<type>/<version>.md): loading and validating them,
 * and publishing them into the event log.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DocumentType, type EventOf, streams } from '@tickwise/contracts';
import { SqliteEventLog } from '@tickwise/platform';
import {
  type AuthoredDocument,
  COMPLIANCE_DIR,
  compareVersions,
  documentHash,
  loadComplianceDocuments,
  loadDocumentFile,
} from './compliance-documents';
import { REPO_ROOT } from './course-content';
import { publishDocuments } from './publish-documents';
import { ContentError } from './source-file';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tickwise-documents-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const BODY = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');

/** A document file's text with some front-matter lines replaced (null drops the field). */
function documentText(
  fields: Partial<Record<'documentType' | 'version' | 'title' | 'consent', string | null>> = {},
  body = `## Heading\n\n${BODY}\n`,
  extra = '',
): string {
  const all = {
    documentType: 'risk_disclosure',
    version: '"1.2"',
    title: 'Futures Risk Disclosure',
    consent: 'I have read the new version.',
    ...fields,
  };
  const lines = Object.entries(all)
    .filter(([, value]) => value !== null)
    .map(([key, value]) => `${key}: ${value}`);
  return ['---', ...lines, ...(extra ? [extra] : []), '---', '', body].join('\n');
}

/** Writes a file under the temporary folder and answers its absolute path. */
function write(relative: string, text: string): string {
  const absolute = path.join(dir, relative);
  mkdirSync(path.dirname(absolute), { recursive: true });
  writeFileSync(absolute, text);
  return absolute;
}

/** The ContentError a load throws (fails the test when nothing is thrown). */
function contentErrorOf(load: () => unknown): ContentError {
  try {
    load();
  } catch (error) {
    if (error instanceof ContentError) return error;
    throw error;
  }
  throw new Error('expected a ContentError, nothing was thrown');
}

/**
 * The authored versions of each document: 1.0 and 1.1, and 1.2 of the Privacy Policy (its retention wording)
 * and of the Educational Disclaimer (the CFTC Rule 4.41 statement in its current wording).
 */
const WITH_1_2: readonly string[] = ['privacy_policy', 'educational_disclaimer'];
const AUTHORED_VERSIONS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  DocumentType.values.map((type) => [type, WITH_1_2.includes(type) ? ['1.0', '1.1', '1.2'] : ['1.0', '1.1']]),
);
const AUTHORED_COUNT = Object.values(AUTHORED_VERSIONS).flat().length;

describe('the four authored documents', () => {
  const docs = loadComplianceDocuments();

  test('versions 1.0 and 1.1 of each known type (1.2 too of the Privacy Policy and the Educational Disclaimer), with its title and a consent that starts "I have read"', () => {
    expect(docs.map((d) => [d.documentType, d.version]).sort()).toEqual(
      [...DocumentType.values]
        .sort()
        .flatMap((type) => (AUTHORED_VERSIONS[type] ?? []).map((v) => [type, v])),
    );
    const titles = Object.fromEntries(docs.map((d) => [d.documentType, d.title]));
    expect(titles).toEqual({
      cftc_warning: 'Regulatory Status and Fraud Warning',
      educational_disclaimer: 'Educational Disclaimer',
      privacy_policy: 'Privacy Policy',
      risk_disclosure: 'Futures Risk Disclosure',
    });
    for (const doc of docs) {
      expect(doc.consentText).toMatch(/^I have read /);
      expect(doc.consentText).toContain(doc.title.replace(/^Tickwise /, ''));
      expect(doc.file).toBe(`content/compliance/${doc.documentType}/${doc.version}.md`);
      expect(doc.content.split(/\s+/).length).toBeGreaterThan(300);
      expect(doc.content).not.toMatch(/^---/);
    }
  });

  test('the content hash is the sha256 of the title, body and consent wording the learner sees', () => {
    for (const doc of docs) {
      const expected = createHash('sha256')
        .update(JSON.stringify([doc.title, doc.content, doc.consentText]))
        .digest('hex');
      expect(doc.contentHash).toBe(expected);
    }
    const [first] = docs;
    if (!first) throw new Error('no documents');
    expect(documentHash({ ...first, consentText: `${first.consentText} ` })).not.toBe(first.contentHash);
    expect(new Set(docs.map((d) => d.contentHash)).size).toBe(AUTHORED_COUNT);
  });
});

describe('loadDocumentFile: a broken file throws an error naming it', () => {
  test('a valid file loads, named relative to the root', () => {
    const file = write('docs/risk.md', documentText());
    expect(loadDocumentFile(file, dir)).toEqual({
      documentType: 'risk_disclosure',
      version: '1.2',
      title: 'Futures Risk Disclosure',
      consentText: 'I have read the new version.',
      content: `## Heading\n\n${BODY}`,
      contentHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      file: 'docs/risk.md',
    });
  });

  test.each<[string, string, RegExp]>([
    [
      'an unknown document type',
      documentText({ documentType: 'terms_of_service' }),
      /'documentType' must be one of risk_disclosure, cftc_warning/,
    ],
    ['a version that is not a version', documentText({ version: 'one' }), /'version' must look like 1\.0/],
    [
      'a version YAML reads as a number',
      documentText({ version: '1.0' }),
      /'version' must be a non-empty string/,
    ],
    [
      'no consent wording',
      documentText({ consent: null }),
      /'consent' must be a non-empty string, got missing/,
    ],
    ['an empty title', documentText({ title: '""' }), /'title' must be a non-empty string/],
    [
      'a body under 50 words',
      documentText({}, 'Too short to be a disclosure.'),
      /body is missing or shorter than 50 words/,
    ],
    ['an unknown field', documentText({}, BODY, 'effective: 2026-01-01'), /unknown field 'effective'/],
    ['no front matter', BODY, /front matter missing/],
  ])('%s', (_name, text, problem) => {
    const file = write('broken/doc.md', text);
    const error = contentErrorOf(() => loadDocumentFile(file, dir));
    expect(error.file).toBe('broken/doc.md');
    expect(error.problem).toMatch(problem);
    expect(error.message.startsWith('broken/doc.md: ')).toBe(true);
  });

  test('a missing file', () => {
    const error = contentErrorOf(() => loadDocumentFile(path.join(dir, 'nowhere.md'), dir));
    expect(error.message).toBe('nowhere.md: file not found');
  });
});

describe('loadComplianceDocuments over a folder', () => {
  const real = (type: string) => readFileSync(path.join(COMPLIANCE_DIR, type, '1.0.md'), 'utf8');
  const copyReal = () => {
    for (const type of DocumentType.values) write(`compliance/${type}/1.0.md`, real(type));
  };

  test('answers every version, oldest first per type', () => {
    copyReal();
    write('compliance/risk_disclosure/1.10.md', documentText({ version: '"1.10"' }));
    write('compliance/risk_disclosure/1.9.md', documentText({ version: '"1.9"' }));
    const docs = loadComplianceDocuments(path.join(dir, 'compliance'), dir);
    expect(docs.filter((d) => d.documentType === 'risk_disclosure').map((d) => d.version)).toEqual([
      '1.0',
      '1.9',
      '1.10',
    ]);
    expect(docs).toHaveLength(6);
  });

  test('a file whose version does not match its name is refused, naming the file', () => {
    copyReal();
    write('compliance/risk_disclosure/1.2.md', documentText({ version: '"1.3"' }));
    const error = contentErrorOf(() => loadComplianceDocuments(path.join(dir, 'compliance'), dir));
    expect(error.file).toBe('compliance/risk_disclosure/1.2.md');
    expect(error.problem).toMatch('must live at content/compliance/risk_disclosure/1.3.md');
  });

  test('a file in the folder of another type is refused, naming the file', () => {
    copyReal();
    write('compliance/privacy_policy/1.1.md', documentText());
    expect(contentErrorOf(() => loadComplianceDocuments(path.join(dir, 'compliance'), dir)).file).toBe(
      'compliance/privacy_policy/1.1.md',
    );
  });

  test('a missing document type is refused', () => {
    copyReal();
    rmSync(path.join(dir, 'compliance', 'cftc_warning'), { recursive: true });
    expect(contentErrorOf(() => loadComplianceDocuments(path.join(dir, 'compliance'), dir)).problem).toBe(
      'no document of type cftc_warning',
    );
  });
});

test('compareVersions compares numerically', () => {
  expect(compareVersions('1.10', '1.9')).toBeGreaterThan(0);
  expect(compareVersions('1.0', '1.0.0')).toBe(0);
  expect(compareVersions('1.0', '1.1')).toBeLessThan(0);
  expect(compareVersions('2.0', '1.99.99')).toBeGreaterThan(0);
});

describe('publishDocuments', () => {
  type Published = EventOf<'ComplianceDocumentPublished'>['data'];
  const NOW = new Date('2026-02-01T10:00:00.000Z');
  const options = { actor: 'system:test', now: () => NOW };
  let log: SqliteEventLog;
  beforeEach(() => {
    log = new SqliteEventLog({ file: path.join(dir, 'events.db') });
  });
  afterEach(async () => {
    await log.close();
  });
  const allEvents = async () => {
    const events = [];
    for await (const batch of log.readAll({})) events.push(...batch);
    return events;
  };
  /** A version after the authored ones (1.0 and 1.1). */
  const version12 = (overrides: Parameters<typeof documentText>[0] = {}, body?: string): AuthoredDocument =>
    loadDocumentFile(write('new/1.2.md', documentText(overrides, body)), dir);

  test('the first run publishes every authored version with its text and hash, in order; a second run appends nothing', async () => {
    const docs = loadComplianceDocuments();
    const first = await publishDocuments(log, docs, options);
    expect(first.published.map((p) => `${p.documentType}@${p.version}`).sort()).toEqual(
      DocumentType.values
        .flatMap((type) => (AUTHORED_VERSIONS[type] ?? []).map((v) => `${type}@${v}`))
        .sort(),
    );
    expect(first.position).toBe(await log.headPosition());
    const events = await allEvents();
    expect(events).toHaveLength(AUTHORED_COUNT);
    for (const doc of docs) {
      const stream = await log.readStream(streams.catalogDocument(doc.documentType));
      expect(stream.map((e) => (e.data as Published).version)).toEqual(AUTHORED_VERSIONS[doc.documentType]);
      const published = stream.find((e) => (e.data as Published).version === doc.version);
      expect(published?.type).toBe('ComplianceDocumentPublished');
      expect(published?.data).toEqual({
        documentType: doc.documentType,
        version: doc.version,
        title: doc.title,
        content: doc.content,
        contentHash: doc.contentHash,
        consentText: doc.consentText,
        publishedAt: NOW.toISOString(),
      } satisfies Published);
      expect(published?.metadata.actor).toBe('system:test');
    }

    const second = await publishDocuments(log, loadComplianceDocuments(), options);
    expect(second).toEqual({ published: [], position: undefined });
    expect(await allEvents()).toHaveLength(AUTHORED_COUNT);
  });

  test('a changed text under a published version is refused, naming the file, and appends nothing', async () => {
    await publishDocuments(log, [version12()], options);
    for (const changed of [
      version12({}, `## Heading\n\n${BODY} and one more sentence.\n`),
      version12({ title: 'Another Title' }),
      version12({ consent: 'I have read something else.' }),
    ]) {
      const attempt = publishDocuments(log, [changed], options);
      await expect(attempt).rejects.toThrow(ContentError);
      await expect(attempt).rejects.toThrow(
        'new/1.2.md: version 1.2 was already published with other text; publish the change as a new version',
      );
    }
    expect(await allEvents()).toHaveLength(1);
  });

  test('a version older than the one in force is refused, naming the file; a newer one is published', async () => {
    const docs = loadComplianceDocuments().filter((d) => d.documentType === 'risk_disclosure');
    await publishDocuments(log, [version12()], options);
    await expect(publishDocuments(log, docs, options)).rejects.toThrow(
      'content/compliance/risk_disclosure/1.0.md: version 1.0 is not newer than the version in force (1.2)',
    );
    const v13 = loadDocumentFile(write('new/1.3.md', documentText({ version: '"1.3"' })), dir);
    expect((await publishDocuments(log, [v13], options)).published).toEqual([
      { documentType: 'risk_disclosure', version: '1.3' },
    ]);
    const stream = await log.readStream(streams.catalogDocument('risk_disclosure'));
    expect(stream.map((e) => (e.data as Published).version)).toEqual(['1.2', '1.3']);
  });

  test('a new version (1.2) of a published document is appended after 1.0 and 1.1 on its stream', async () => {
    await publishDocuments(log, loadComplianceDocuments(), options);
    const result = await publishDocuments(log, [...loadComplianceDocuments(), version12()], options);
    expect(result.published).toEqual([{ documentType: 'risk_disclosure', version: '1.2' }]);
    const stream = await log.readStream(streams.catalogDocument('risk_disclosure'));
    expect(stream.map((e) => [(e.data as Published).version, (e.data as Published).consentText])).toEqual([
      ['1.0', expect.stringMatching(/^I have read/)],
      ['1.1', expect.stringMatching(/^I have read/)],
      ['1.2', 'I have read the new version.'],
    ]);
    expect(await allEvents()).toHaveLength(AUTHORED_COUNT + 1);
  });
});

test('the real documents live where COMPLIANCE_DIR says', () => {
  expect(path.relative(REPO_ROOT, COMPLIANCE_DIR)).toBe(path.join('content', 'compliance'));
});
