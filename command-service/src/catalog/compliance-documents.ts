// Loads the authored compliance documents (content/compliance/<documentType>/<version>.md) and validates them.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { DocumentType, is, limits } from '@tickwise/contracts';
import { REPO_ROOT } from './course-content';
import { ContentError, SourceFile } from './source-file';

export const COMPLIANCE_DIR = path.join(REPO_ROOT, 'content', 'compliance');

export interface AuthoredDocument {
  documentType: DocumentType;
  version: string;
  title: string;
  /** The wording of the box a learner ticks. */
  consentText: string;
  /** Markdown body. */
  content: string;
  /** sha256 of the exact text a learner reads (title, body and consent wording). */
  contentHash: string;
  file: string;
}

const VERSION = /^\d+(\.\d+){1,2}$/;
const FIELDS = ['documentType', 'version', 'title', 'consent'];

export const documentHash = (doc: Pick<AuthoredDocument, 'title' | 'content' | 'consentText'>): string =>
  createHash('sha256')
    .update(JSON.stringify([doc.title, doc.content, doc.consentText]))
    .digest('hex');

/** Reads one document file; a broken file throws a ContentError naming it and the problem. */
export function loadDocumentFile(absolute: string, root = REPO_ROOT): AuthoredDocument {
  const name = path.relative(root, absolute).split(path.sep).join('/');
  const file = new SourceFile(absolute, name);
  if (!existsSync(absolute)) file.fail('file not found');
  const { fields, body } = file.frontMatter();
  file.onlyFields(fields, FIELDS);
  const documentType = file.text(fields, 'documentType');
  if (!is(DocumentType)(documentType))
    file.fail(`'documentType' must be one of ${DocumentType.values.join(', ')}`);
  const version = file.text(fields, 'version');
  if (!VERSION.test(version))
    file.fail(`'version' must look like 1.0 or 1.2.3 (quote it in YAML: "1.0"), got "${version}"`);
  const title = file.text(fields, 'title');
  if (title.length > limits.title) file.fail(`'title' must be at most ${limits.title} characters`);
  const consentText = file.text(fields, 'consent');
  if (consentText.length > limits.consentText)
    file.fail(`'consent' must be at most ${limits.consentText} characters`);
  const content = body.trim();
  if (content.split(/\s+/).length < 50) file.fail('the document body is missing or shorter than 50 words');
  const doc = { documentType: documentType as DocumentType, version, title, consentText, content };
  return { ...doc, contentHash: documentHash(doc), file: name };
}

/** Compares versions numerically ("1.10" after "1.9"). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** Every document version under content/compliance, oldest version first per type. */
export function loadComplianceDocuments(dir = COMPLIANCE_DIR, root = REPO_ROOT): AuthoredDocument[] {
  const docs: AuthoredDocument[] = [];
  for (const type of readdirSync(dir, { withFileTypes: true })) {
    if (!type.isDirectory()) continue;
    for (const entry of readdirSync(path.join(dir, type.name)).filter((f) => f.endsWith('.md'))) {
      const doc = loadDocumentFile(path.join(dir, type.name, entry), root);
      if (doc.documentType !== type.name || `${doc.version}.md` !== entry) {
        throw new ContentError(
          doc.file,
          `must live at content/compliance/${doc.documentType}/${doc.version}.md`,
        );
      }
      docs.push(doc);
    }
  }
  for (const type of DocumentType.values) {
    if (!docs.some((d) => d.documentType === type)) {
      throw new ContentError(path.relative(root, dir), `no document of type ${type}`);
    }
  }
  return docs.sort(
    (a, b) => a.documentType.localeCompare(b.documentType) || compareVersions(a.version, b.version),
  );
}
