import { Badge, Box, Button, Field, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import type { LearnerSummary } from '@tickwise/contracts';
import { type FormEvent, useId, useState } from 'react';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { ScrollTable } from '../../components/ScrollTable';
import { PHONE_WIDTH, useMediaQuery } from '../../components/use-media-query';
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

/** Finds learners by e-mail or name (searched when submitted: every search is recorded). */
export function LearnerSearch({ selectedId, onSelect }: LearnerSearchProps) {
  const [draft, setDraft] = useState('');
  const [term, setTerm] = useState('');
  const { data, error, isFetching, refetch } = useAuditLearnersQuery(term, { skip: term === '' });
  // On a phone each learner is a card with its 'Open history' in view, not a row to scroll sideways to.
  const phone = useMediaQuery(PHONE_WIDTH);
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
        ) : phone ? (
          <LearnerCards
            learners={data}
            selectedId={selectedId}
            onSelect={onSelect}
            caption={caption}
            busy={isFetching}
          />
        ) : (
          <ScrollTable
            borderWidth="1px"
            borderColor="border"
            rounded="md"
            tableProps={{ size: 'sm', 'aria-busy': isFetching }}
            captionProps={{ color: 'fg.muted', pb: '2', px: '3', pt: '2' }}
            caption={caption}
          >
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader scope="col">Name</Table.ColumnHeader>
                <Table.ColumnHeader scope="col">E-mail</Table.ColumnHeader>
                <Table.ColumnHeader scope="col">Registered (UTC)</Table.ColumnHeader>
                <Table.ColumnHeader scope="col">Compliant now</Table.ColumnHeader>
                <Table.ColumnHeader scope="col" textAlign="end">
                  Action
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.map((learner) => {
                const selected = learner.id === selectedId;
                return (
                  <Table.Row key={learner.id} bg={selected ? 'brand.subtle' : undefined}>
                    <Table.ColumnHeader scope="row" fontWeight="medium">
                      {nameOf(learner)}
                    </Table.ColumnHeader>
                    <Table.Cell>{learner.email}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{formatUtc(learner.registeredAt)}</Table.Cell>
                    <Table.Cell>
                      <Badge variant="subtle" colorPalette={learner.isCompliant ? 'green' : 'orange'}>
                        {learner.isCompliant ? 'Yes' : 'No'}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell textAlign="end">
                      <Button
                        size="xs"
                        variant={selected ? 'subtle' : 'outline'}
                        aria-pressed={selected}
                        aria-label={`Open history: ${nameOf(learner)} (${learner.email})`}
                        onClick={() => onSelect(learner)}
                      >
                        Open history
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </ScrollTable>
        )}
      </Stack>
    </Panel>
  );
}

interface LearnerCardsProps {
  readonly learners: readonly LearnerSummary[];
  readonly selectedId: string | null;
  readonly onSelect: (learner: LearnerSummary) => void;
  readonly caption: string;
  readonly busy: boolean;
}

/** The search results on a phone: one card per learner, the same facts and action as a table row. */
function LearnerCards({ learners, selectedId, onSelect, caption, busy }: LearnerCardsProps) {
  const captionId = useId();
  return (
    <Box>
      <Text id={captionId} fontSize="sm" color="fg.muted" mb="2">
        {caption}
      </Text>
      <Stack as="ul" gap="2" listStyleType="none" aria-labelledby={captionId} aria-busy={busy}>
        {learners.map((learner) => {
          const selected = learner.id === selectedId;
          return (
            <Box
              as="li"
              key={learner.id}
              borderWidth="1px"
              borderColor={selected ? 'brand.700' : 'border'}
              bg={selected ? 'brand.subtle' : undefined}
              rounded="md"
              p="3"
              data-testid="learner-card"
            >
              <Text fontWeight="medium">{nameOf(learner)}</Text>
              <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
                {learner.email}
              </Text>
              <HStack mt="2" gap="2" wrap="wrap" fontSize="sm" color="fg.muted">
                <Text>Registered {formatUtc(learner.registeredAt)}</Text>
                <Badge variant="subtle" colorPalette={learner.isCompliant ? 'green' : 'orange'}>
                  {learner.isCompliant ? 'Compliant now' : 'Not compliant now'}
                </Badge>
              </HStack>
              <Button
                mt="3"
                size="sm"
                w="full"
                variant={selected ? 'subtle' : 'outline'}
                aria-pressed={selected}
                aria-label={`Open history: ${nameOf(learner)} (${learner.email})`}
                onClick={() => onSelect(learner)}
              >
                Open history
              </Button>
            </Box>
          );
        })}
      </Stack>
    </Box>
  );
}
