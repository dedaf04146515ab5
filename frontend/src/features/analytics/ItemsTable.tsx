/** The exact numbers of the item analysis: quiz questions and lesson checks, filtered by module, kind and reading. */
import { Badge, Field, Flex, HStack, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import type { QuizItemAnalytics } from '@tickwise/contracts';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { ScrollTable } from '../../components/ScrollTable';
import {
  filterItems,
  type ItemFilters,
  type ItemFlag,
  itemFlag,
  itemFlagLabels,
  itemKindLabels,
  itemSource,
} from './charts';
import { formatCount, formatIndex, formatPercent } from './format';
import { flagColors } from './ItemMarkers';
import { tableCaption } from './ui';

function FlagBadge({ flag }: { readonly flag: ItemFlag }) {
  return (
    <Badge
      variant="outline"
      color={flagColors[flag]}
      borderColor={flagColors[flag]}
      boxShadow="none"
      borderWidth="1px"
      whiteSpace="normal"
    >
      {itemFlagLabels[flag]}
    </Badge>
  );
}

function Filter({
  label,
  value,
  onChange,
  children,
}: {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly children: ReactNode;
}) {
  return (
    <Field.Root maxW="56">
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

const showLabels = { all: 'all questions', answered: 'answered questions', review: 'questions to review' };

export function ItemsTable({ items }: { readonly items: readonly QuizItemAnalytics[] }) {
  const [filters, setFilters] = useState<ItemFilters>({ show: 'answered', kind: 'all', moduleId: 'all' });
  const set = (change: Partial<ItemFilters>) => setFilters((f) => ({ ...f, ...change }));
  const modules = [...new Set(items.map((i) => i.moduleId))].sort((a, b) => a - b);
  const shown = filterItems(items, filters);
  const kind = filters.kind === 'all' ? '' : ` (${itemKindLabels[filters.kind].toLowerCase()}s)`;
  const where = filters.moduleId === 'all' ? '' : ` in module ${filters.moduleId}`;

  return (
    <Stack gap="3">
      <Flex gap="4" wrap="wrap">
        <Filter label="Show" value={filters.show} onChange={(v) => set({ show: v as ItemFilters['show'] })}>
          <option value="answered">Answered questions</option>
          <option value="review">Questions to review</option>
          <option value="all">All questions</option>
        </Filter>
        <Filter label="Kind" value={filters.kind} onChange={(v) => set({ kind: v as ItemFilters['kind'] })}>
          <option value="all">Quiz questions and lesson checks</option>
          <option value="quiz">Quiz questions</option>
          <option value="check">Lesson checks</option>
        </Filter>
        <Filter label="Module" value={filters.moduleId} onChange={(v) => set({ moduleId: v })}>
          <option value="all">All modules</option>
          {modules.map((m) => (
            <option key={m} value={String(m)}>{`Module ${m}`}</option>
          ))}
        </Filter>
      </Flex>
      <ScrollTable
        borderWidth="1px"
        borderColor="border"
        rounded="md"
        maxH="xl"
        tableProps={{ size: 'sm', stickyHeader: true, 'data-testid': 'items-table' }}
        captionProps={tableCaption}
        caption={`Item analysis, exact numbers: ${shown.length} ${showLabels[filters.show]}${kind}${where}`}
      >
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader scope="col">Question</Table.ColumnHeader>
            <Table.ColumnHeader scope="col" textAlign="end">
              First attempts
            </Table.ColumnHeader>
            <Table.ColumnHeader scope="col" textAlign="end">
              Facility
            </Table.ColumnHeader>
            <Table.ColumnHeader scope="col" textAlign="end">
              Discrimination
            </Table.ColumnHeader>
            <Table.ColumnHeader scope="col">Reading</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {shown.length === 0 ? (
            <Table.Row>
              <Table.Cell colSpan={5} color="fg.muted">
                No question matches.
              </Table.Cell>
            </Table.Row>
          ) : (
            shown.map((item) => (
              <Table.Row key={`${item.kind}-${item.questionId}`} data-kind={item.kind}>
                <Table.ColumnHeader scope="row" fontWeight="normal" maxW="md">
                  <HStack gap="2" wrap="wrap">
                    {item.kind === 'check' ? (
                      <Badge size="sm" colorPalette="purple" variant="subtle">
                        {itemKindLabels.check}
                      </Badge>
                    ) : null}
                    <Text fontSize="xs" color="fg.muted">
                      {itemSource(item)}
                    </Text>
                  </HStack>
                  <Text lineClamp={2} title={item.question}>
                    {item.question}
                  </Text>
                </Table.ColumnHeader>
                <Table.Cell textAlign="end">{formatCount(item.firstAttempts)}</Table.Cell>
                <Table.Cell textAlign="end">{formatPercent(item.facility)}</Table.Cell>
                <Table.Cell textAlign="end">{formatIndex(item.discrimination)}</Table.Cell>
                <Table.Cell>
                  <FlagBadge flag={itemFlag(item)} />
                </Table.Cell>
              </Table.Row>
            ))
          )}
        </Table.Body>
      </ScrollTable>
    </Stack>
  );
}
