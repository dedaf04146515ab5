import { Badge, Button, Field, HStack, Input, Stack } from '@chakra-ui/react';
import type { LearnerSummary } from '@tickwise/contracts';
import { type FormEvent, useState } from 'react';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { useAuditLearnersQuery } from './audit-api';
import { formatUtc } from './time';
import { Note, Panel, PanelHeading, ReadError } from './ui';

/** The longest search the server accepts. */
export const SEARCH_MAX_LENGTH = 100;

export interface LearnerSearchProps {
  readonly selectedId: string | null;
  readonly onSelect: (learner: LearnerSummary) => void;
}

const nameOf = (l: LearnerSummary) =>
  l.erasedAt !== undefined ? 'Erased learner' : `${l.firstName} ${l.lastName}`.trim() || '(no name given)';

/** The search results: on a phone each learner is a card with 'Open history' in view (DataTable). */
const learnerColumns = (
  selectedId: string | null,
  onSelect: (learner: LearnerSummary) => void,
): readonly DataColumn<LearnerSummary>[] => [
  { header: 'Name', rowHeader: true, cellProps: { fontWeight: 'medium' }, cell: nameOf },
  { header: 'E-mail', cell: (learner) => learner.email },
  { header: 'Registered (UTC)', cellProps: { whiteSpace: 'nowrap' }, cell: (l) => formatUtc(l.registeredAt) },
  {
    header: 'Compliant now',
    cell: (learner) => (
      <Badge variant="subtle" colorPalette={learner.isCompliant ? 'green' : 'orange'}>
        {learner.isCompliant ? 'Yes' : 'No'}
      </Badge>
    ),
  },
  {
    header: 'Action',
    action: true,
    cell: (learner) => {
      const selected = learner.id === selectedId;
      return (
        <Button
          size="xs"
          variant={selected ? 'subtle' : 'outline'}
          aria-pressed={selected}
          aria-label={`Open history: ${nameOf(learner)} (${learner.email})`}
          onClick={() => onSelect(learner)}
        >
          Open history
        </Button>
      );
    },
  },
];

/** Finds learners by e-mail or name (searched when submitted: every search is recorded). */
export function LearnerSearch({ selectedId, onSelect }: LearnerSearchProps) {
  const [draft, setDraft] = useState('');
  const [term, setTerm] = useState('');
  const { data, error, isFetching, refetch } = useAuditLearnersQuery(term, { skip: term === '' });
  const caption =
    data === undefined
      ? ''
      : `${data.length} learner${data.length === 1 ? '' : 's'} matching “${term}”${data.length >= 50 ? ' (the first 50)' : ''}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = draft.trim();
    if (next === term && next !== '') void refetch();
    setTerm(next);
  };

  return (
    <Panel aria-labelledby="audit-search-heading">
      <Stack gap="4">
        <PanelHeading id="audit-search-heading">Find a learner</PanelHeading>
        <form onSubmit={submit} aria-labelledby="audit-search-heading">
          <HStack gap="3" align="flex-end" wrap="wrap">
            <Field.Root flex="1" minW="60">
              <Field.Label>E-mail or name</Field.Label>
              <Input
                name="query"
                type="search"
                autoComplete="off"
                maxLength={SEARCH_MAX_LENGTH}
                placeholder="e.g. ada@example.com or Lovelace"
                value={draft}
                onChange={(e) => setDraft(e.currentTarget.value)}
              />
            </Field.Root>
            <Button type="submit" disabled={draft.trim() === ''} loading={isFetching}>
              Search
            </Button>
          </HStack>
        </form>
        {term === '' ? (
          <Note>Search by part of an e-mail address, a first name or a last name.</Note>
        ) : error !== undefined ? (
          <ReadError error={error} what="learners" onRetry={() => void refetch()} />
        ) : data === undefined ? (
          <LoadingSpinner label="Searching learners…" />
        ) : data.length === 0 ? (
          <Note>{`No learner matches “${term}”.`}</Note>
        ) : (
          <DataTable
            caption={caption}
            busy={isFetching}
            columns={learnerColumns(selectedId, onSelect)}
            rows={data}
            rowKey={(learner) => learner.id}
            rowProps={(learner) => ({
              bg: learner.id === selectedId ? 'brand.subtle' : undefined,
              'data-testid': 'learner-result',
            })}
            empty={`No learner matches “${term}”.`}
          />
        )}
      </Stack>
    </Panel>
  );
}
