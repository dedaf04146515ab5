/**
 * The authored compliance documents as tests see them after start-up published every version under
 * content/compliance: the version of each type then in force (the latest authored one), and a version after
 * all of them for a test ABOUT a new version. Tests read versions from here (or from GET
 * /api/compliance/documents) rather than writing "1.0" or "1.1", so a new edition of a document breaks none.
 */
import { DocumentType } from '@tickwise/contracts';
import {
  type AuthoredDocument,
  documentHash,
  loadComplianceDocuments,
} from '../catalog/compliance-documents';

/** Every authored version, oldest first per type (the order start-up publishes them in). */
export const AUTHORED_DOCUMENTS: readonly AuthoredDocument[] = loadComplianceDocuments();

/** Every authored version of `documentType`, oldest first: what its catalog stream holds after start-up. */
export const authoredVersionsOf = (documentType: string): AuthoredDocument[] =>
  AUTHORED_DOCUMENTS.filter((d) => d.documentType === documentType);

/** The version of `documentType` in force after start-up: the latest authored one. */
export function documentInForce(documentType: string): AuthoredDocument {
  const versions = authoredVersionsOf(documentType);
  const latest = versions[versions.length - 1];
  if (!latest) throw new Error(`no authored document ${documentType}`);
  return latest;
}

/** The four documents in force after start-up, in the order of the compliance rule (docs/product.md). */
export const documentsInForce = (): AuthoredDocument[] => DocumentType.values.map(documentInForce);

/** `version` with its last part one higher: "1.1" → "1.2", "2.0.3" → "2.0.4". */
export function versionAfter(version: string): string {
  const parts = version.split('.').map(Number);
  parts[parts.length - 1] = (parts[parts.length - 1] ?? 0) + 1;
  return parts.join('.');
}

/**
 * The next version of `documentType` after every authored one, its text the version in force plus `sentence`
 * (publish it with publishDocuments, as `npm run admin -- publish-document` does).
 */
export function nextVersionOf(documentType: string, sentence: string): AuthoredDocument {
  const current = documentInForce(documentType);
  const version = versionAfter(current.version);
  const content = `${current.content}\n\n${sentence}`;
  return {
    ...current,
    version,
    content,
    contentHash: documentHash({ ...current, content }),
    file: `content/compliance/${documentType}/${version}.md`,
  };
}
