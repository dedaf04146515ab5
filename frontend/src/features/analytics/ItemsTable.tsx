/** The exact numbers of the item analysis: quiz questions and lesson checks, filtered by module, kind and reading. */
import { Badge, Field, Flex, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { QuizItemAnalytics } from '@tickwise/contracts';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { type DataColumn, DataTable } from '../../components/DataTable';
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
    <Field.Root w={{ base: 'full', sm: 'auto' }} minW="44">
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

const itemColumns: readonly DataColumn<QuizItemAnalytics>[] = [
  {
    header: 'Question',
    rowHeader: true,
    cellProps: { maxW: 'md' },
    cell: (item) => (
      <>
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
      </>
    ),
  },
  { header: 'First attempts', numeric: true, cell: (item) => formatCount(item.firstAttempts) },
  { header: 'Facility', numeric: true, cell: (item) => formatPercent(item.facility) },
  { header: 'Discrimination', numeric: true, cell: (item) => formatIndex(item.discrimination) },
  { header: 'Reading', cell: (item) => <FlagBadge flag={itemFlag(item)} /> },
];

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
      <DataTable
        maxH="xl"
        testId="items-table"
        caption={`Item analysis, exact numbers: ${shown.length} ${showLabels[filters.show]}${kind}${where}`}
        columns={itemColumns}
        rows={shown}
        rowKey={(item) => `${item.kind}-${item.questionId}`}
        rowProps={(item) => ({ 'data-kind': item.kind })}
        empty="No question matches."
      />
    </Stack>
  );
}
