import { type EventOf, ofType, streams } from '@tickwise/contracts';
import type { EventLog, Position } from '@tickwise/platform';
import { type AuthoredDocument, compareVersions } from './compliance-documents';
import { ContentError } from './source-file';

export interface PublishResult {
  published: Array<{ documentType: string; version: string }>;
  position: Position | undefined;
}

type Published = EventOf<'ComplianceDocumentPublished'>['data'];

/**
 * Publishes document versions into `catalog-document-{type}` as ComplianceDocumentPublished events, so every
 * acknowledgment points at the exact text shown. Publishing a version again with the same text is a no-op;
 * changing a published version's text is refused (publish it as a new version), and so is a version that is
 * not newer than the one in force.
 */
export async function publishDocuments(
  log: EventLog,
  docs: readonly AuthoredDocument[],
  options: { actor: string; now: () => Date },
): Promise<PublishResult> {
  const result: PublishResult = { published: [], position: undefined };
  for (const doc of docs) {
    const stream = streams.catalogDocument(doc.documentType);
    const history = await log.readStream(stream);
    const versions = history.filter(ofType('ComplianceDocumentPublished')).map((e) => e.data);
    const same = versions.find((v) => v.version === doc.version);
    if (same) {
      if (same.contentHash !== doc.contentHash) {
        throw new ContentError(
          doc.file,
          `version ${doc.version} was already published with other text; publish the change as a new version`,
        );
      }
      continue;
    }
    const latest = versions[versions.length - 1];
    if (latest && compareVersions(doc.version, latest.version) <= 0) {
      throw new ContentError(
        doc.file,
        `version ${doc.version} is not newer than the version in force (${latest.version})`,
      );
    }
    const data: Published = {
      documentType: doc.documentType,
      version: doc.version,
      title: doc.title,
      content: doc.content,
      contentHash: doc.contentHash,
      consentText: doc.consentText,
      publishedAt: options.now().toISOString(),
    };
    const appended = await log.appendToStream(
      stream,
      [
        {
          type: 'ComplianceDocumentPublished',
          data,
          metadata: {
            correlationId: `publish:${doc.documentType}@${doc.version}`,
            causationId: `publish:${doc.documentType}@${doc.version}`,
            actor: options.actor,
            occurredAt: data.publishedAt,
            schemaVersion: 1,
          },
        },
      ],
      { expectedRevision: history.length > 0 ? history.length - 1 : 'no_stream' },
    );
    result.published.push({ documentType: doc.documentType, version: doc.version });
    result.position = appended.position;
  }
  return result;
}
