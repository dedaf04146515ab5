import { Badge, Box, DataList, Field, Flex, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { DocumentCoverage, DocumentVersion } from '@tickwise/contracts';
import { documentKey, documentTypeLabels } from '@tickwise/contracts';
import { useState } from 'react';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { AsOfInput } from './AsOfInput';
import { coverageExportUrl, useAuditDocumentCoverageQuery, useAuditDocumentsQuery } from './audit-api';
import { ExportButtons } from './ExportButtons';
import { formatUtc } from './time';
import { Note, Panel, PanelHeading, ReadError } from './ui';

/** The versions in a stable order: by document, then by publish time (newest first). */
export function sortVersions(versions: readonly DocumentVersion[]): DocumentVersion[] {
  return [...versions].sort(
    (a, b) =>
      a.documentType.localeCompare(b.documentType) || Date.parse(b.publishedAt) - Date.parse(a.publishedAt),
  );
}

/** Who had and had not acknowledged a document version as of a time, for every version ever published. */
export function CoveragePanel() {
  const documents = useAuditDocumentsQuery();
  const [chosen, setChosen] = useState<string | null>(null);
  const [asOf, setAsOf] = useState<string | null>(null);

  const versions = sortVersions(documents.data ?? []);
  const selected =
    versions.find((v) => documentKey(v) === chosen) ?? versions.find((v) => v.isActive) ?? versions[0];

  return (
    <Panel aria-labelledby="audit-coverage-heading">
      <Stack gap="5">
        <PanelHeading id="audit-coverage-heading">Document coverage</PanelHeading>
        {documents.error !== undefined ? (
          <ReadError error={documents.error} what="the documents" onRetry={() => void documents.refetch()} />
        ) : documents.data === undefined ? (
          <LoadingSpinner label="Loading the published documents…" />
        ) : selected === undefined ? (
          <Note>No document has been published yet.</Note>
        ) : (
          <>
            <Flex gap="5" wrap="wrap" align="flex-start">
              <Field.Root maxW="md" flex="1" minW="64">
                <Field.Label>Document version</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field
                    value={documentKey(selected)}
                    onChange={(e) => setChosen(e.currentTarget.value)}
                  >
                    {versions.map((v) => (
                      <option key={documentKey(v)} value={documentKey(v)}>
                        {`${documentTypeLabels[v.documentType]} v${v.version}${v.isActive ? ' (in force)' : ' (superseded)'}`}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              <AsOfInput label="Coverage as of" value={asOf} onChange={setAsOf} />
            </Flex>
            <VersionFacts version={selected} />
            <CoverageResult version={selected} asOf={asOf} />
          </>
        )}
      </Stack>
    </Panel>
  );
}

function VersionFacts({ version }: { readonly version: DocumentVersion }) {
  return (
    <Stack gap="2" borderWidth="1px" borderColor="border" rounded="lg" p="4">
      <Flex gap="3" align="center" wrap="wrap">
        <Text fontWeight="semibold">{version.title}</Text>
        <Badge variant="subtle" colorPalette={version.isActive ? 'green' : 'gray'}>
          {version.isActive ? 'In force' : 'Superseded'}
        </Badge>
      </Flex>
      <DataList.Root orientation="horizontal" size="sm" gap="1.5">
        <DataList.Item>
          <DataList.ItemLabel minW="32">Document type</DataList.ItemLabel>
          <DataList.ItemValue fontFamily="mono" fontSize="xs">
            {version.documentType}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel minW="32">Version</DataList.ItemLabel>
          <DataList.ItemValue>{version.version}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel minW="32">Published</DataList.ItemLabel>
          <DataList.ItemValue>{formatUtc(version.publishedAt)}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel minW="32">Content hash</DataList.ItemLabel>
          <DataList.ItemValue fontFamily="mono" fontSize="xs" wordBreak="break-all">
            {version.contentHash}
          </DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      <Box as="details" fontSize="sm">
        <Box as="summary" cursor="pointer" color="brand.fg" w="fit-content">
          The text of this version
        </Box>
        <Box
          as="pre"
          mt="2"
          p="3"
          maxH="72"
          overflow="auto"
          bg="bg.subtle"
          rounded="md"
          whiteSpace="pre-wrap"
          fontFamily="body"
          fontSize="sm"
          tabIndex={0}
          aria-label={`Text of ${version.title} version ${version.version}`}
        >
          {version.content}
        </Box>
      </Box>
    </Stack>
  );
}

function CoverageResult({
  version,
  asOf,
}: {
  readonly version: DocumentVersion;
  readonly asOf: string | null;
}) {
  const args = { documentType: version.documentType, version: version.version, asOf };
  const { currentData, error, isFetching, refetch } = useAuditDocumentCoverageQuery(args, {
    refetchOnMountOrArgChange: true,
  });
  return (
    <Stack gap="4" aria-busy={isFetching}>
      <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
        <Text fontSize="sm" color="fg.muted" data-testid="coverage-as-of">
          {currentData === undefined ? '' : `As of ${formatUtc(currentData.asOf)}`}
        </Text>
        <ExportButtons
          what="coverage report"
          urlOf={(format) => coverageExportUrl(args, format)}
          fallbackName={`tickwise-coverage-${version.documentType}-${version.version}`}
        />
      </Flex>
      {error !== undefined ? (
        <ReadError error={error} what="the coverage" onRetry={() => void refetch()} />
      ) : currentData === undefined ? (
        <LoadingSpinner label="Computing the coverage…" />
      ) : (
        <CoverageTables coverage={currentData} title={`${version.title} v${version.version}`} />
      )}
    </Stack>
  );
}

const captionProps = { px: '3', py: '2', fontWeight: 'semibold', color: 'fg' } as const;

type Acknowledged = DocumentCoverage['acknowledged'][number];
type NotAcknowledged = DocumentCoverage['notAcknowledged'][number];

const acknowledgedColumns: readonly DataColumn<Acknowledged>[] = [
  { header: 'Learner', rowHeader: true, cell: (a) => a.email },
  {
    header: 'Acknowledged at (UTC)',
    cellProps: { whiteSpace: 'nowrap' },
    cell: (a) => formatUtc(a.acknowledgedAt),
  },
];

const notAcknowledgedColumns: readonly DataColumn<NotAcknowledged>[] = [
  { header: 'Learner', rowHeader: true, cell: (a) => a.email },
  {
    header: 'Learner id',
    cellProps: { fontFamily: 'mono', fontSize: 'xs', wordBreak: 'break-all' },
    cell: (a) => a.learnerId,
  },
];

function CoverageTables({
  coverage,
  title,
}: {
  readonly coverage: DocumentCoverage;
  readonly title: string;
}) {
  const acknowledged = [...coverage.acknowledged].sort((a, b) => a.email.localeCompare(b.email));
  const notAcknowledged = [...coverage.notAcknowledged].sort((a, b) => a.email.localeCompare(b.email));
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5">
      <DataTable
        maxH="96"
        testId="coverage-acknowledged"
        captionProps={captionProps}
        caption={`Acknowledged (${acknowledged.length}) — ${title}`}
        columns={acknowledgedColumns}
        rows={acknowledged}
        rowKey={(a) => a.learnerId}
        empty="Nobody had acknowledged this version by then."
        stackOnPhone={false}
      />
      <DataTable
        maxH="96"
        testId="coverage-not-acknowledged"
        captionProps={captionProps}
        caption={`Not acknowledged (${notAcknowledged.length}) — ${title}`}
        columns={notAcknowledgedColumns}
        rows={notAcknowledged}
        rowKey={(a) => a.learnerId}
        empty="Everyone registered by then had acknowledged it."
        stackOnPhone={false}
      />
    </SimpleGrid>
  );
}
