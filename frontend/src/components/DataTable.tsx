/**
 * The one table of the app: a caption, column headers, a row header naming each row, one row saying so
 * when there are no rows, and room to scroll (ScrollTable). Below the md breakpoint each row becomes a card
 * (its name, then a definition list of the other columns, then its actions) so every figure is readable
 * on a 390 px phone instead of being cut at the edge of a sideways scroller.
 */
import {
  Box,
  Stack,
  Table,
  type TableCaptionProps,
  type TableCellProps,
  type TableColumnHeaderProps,
  type TableRowProps,
  type TableScrollAreaProps,
  Text,
} from '@chakra-ui/react';
import { type ReactNode, useId } from 'react';
import { ScrollTable } from './ScrollTable';
import { PHONE_WIDTH, useMediaQuery } from './use-media-query';

export interface DataColumn<Row> {
  /** The column header, and the label of the value in a phone's card. */
  readonly header: string;
  readonly cell: (row: Row) => ReactNode;
  /** The column that names the row: a row header (`<th scope="row">`), the title of a phone's card. */
  readonly rowHeader?: boolean;
  /** Figures: aligned to the end. */
  readonly numeric?: boolean;
  /** Buttons: under the card's facts on a phone, with no label. */
  readonly action?: boolean;
  readonly headerProps?: TableColumnHeaderProps;
  readonly cellProps?: TableCellProps;
}

type RowProps = TableRowProps & {
  readonly 'data-testid'?: string;
  readonly 'data-kind'?: string;
  readonly 'data-state'?: string;
};

export interface DataTableProps<Row> {
  /** What the table holds: its accessible name. */
  readonly caption: string;
  readonly captionProps?: TableCaptionProps;
  readonly columns: readonly DataColumn<Row>[];
  readonly rows: readonly Row[];
  readonly rowKey: (row: Row) => string;
  readonly rowProps?: (row: Row) => RowProps;
  /** Said in place of the rows when there are none. */
  readonly empty: ReactNode;
  readonly testId?: string;
  readonly busy?: boolean;
  /** The most the table may take before it scrolls (with a sticky header) on its own. */
  readonly maxH?: TableScrollAreaProps['maxH'];
  /** False keeps the table on a phone too (narrow tables that fit). */
  readonly stackOnPhone?: boolean;
}

export function DataTable<Row>(props: DataTableProps<Row>) {
  const phone = useMediaQuery(PHONE_WIDTH);
  return phone && props.stackOnPhone !== false ? <StackedRows {...props} /> : <RowsTable {...props} />;
}

function RowsTable<Row>(props: DataTableProps<Row>) {
  const { caption, captionProps, columns, rows, rowKey, rowProps, empty, testId, busy, maxH } = props;
  return (
    <ScrollTable
      borderWidth="1px"
      borderColor="border"
      rounded="md"
      maxH={maxH}
      tableProps={{ size: 'sm', stickyHeader: maxH !== undefined, 'data-testid': testId, 'aria-busy': busy }}
      captionProps={{ color: 'fg.muted', px: '3', py: '2', ...captionProps }}
      caption={caption}
    >
      <Table.Header>
        <Table.Row>
          {columns.map((column) => (
            <Table.ColumnHeader
              key={column.header}
              scope="col"
              textAlign={column.numeric || column.action ? 'end' : undefined}
              {...column.headerProps}
            >
              {column.header}
            </Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.length === 0 ? (
          <Table.Row>
            <Table.Cell colSpan={columns.length} color="fg.muted">
              {empty}
            </Table.Cell>
          </Table.Row>
        ) : (
          rows.map((row) => (
            <Table.Row key={rowKey(row)} {...rowProps?.(row)}>
              {columns.map((column) =>
                column.rowHeader ? (
                  <Table.ColumnHeader
                    key={column.header}
                    scope="row"
                    fontWeight="normal"
                    {...column.cellProps}
                  >
                    {column.cell(row)}
                  </Table.ColumnHeader>
                ) : (
                  <Table.Cell
                    key={column.header}
                    textAlign={column.numeric || column.action ? 'end' : undefined}
                    {...column.cellProps}
                  >
                    {column.cell(row)}
                  </Table.Cell>
                ),
              )}
            </Table.Row>
          ))
        )}
      </Table.Body>
    </ScrollTable>
  );
}

/** The rows as cards, for a phone: the row's name, its facts as a definition list, then its actions. */
function StackedRows<Row>(props: DataTableProps<Row>) {
  const { caption, columns, rows, rowKey, rowProps, empty, testId, busy } = props;
  const captionId = useId();
  const title = columns.find((c) => c.rowHeader);
  const facts = columns.filter((c) => !c.rowHeader && !c.action);
  const actions = columns.filter((c) => c.action);
  return (
    <Box data-testid={testId} aria-busy={busy} data-layout="stacked">
      <Text id={captionId} fontSize="sm" color="fg.muted" mb="2">
        {caption}
      </Text>
      {rows.length === 0 ? (
        <Text fontSize="sm" color="fg.muted" borderWidth="1px" borderColor="border" rounded="md" p="3">
          {empty}
        </Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" aria-labelledby={captionId}>
          {rows.map((row) => {
            const { bg, ...rest } = rowProps?.(row) ?? {};
            return (
              <Box
                as="li"
                key={rowKey(row)}
                borderWidth="1px"
                borderColor="border"
                rounded="md"
                p="3"
                bg={bg}
                {...rest}
              >
                {title ? <Box fontWeight="medium">{title.cell(row)}</Box> : null}
                <Box
                  as="dl"
                  display="grid"
                  gridTemplateColumns="minmax(0, auto) minmax(0, 1fr)"
                  columnGap="3"
                  rowGap="1"
                  mt={title ? '2' : '0'}
                  fontSize="sm"
                >
                  {facts.map((column) => (
                    <Box key={column.header} display="contents">
                      <Box as="dt" color="fg.muted">
                        {column.header}
                      </Box>
                      <Box as="dd" minW="0" overflowWrap="anywhere">
                        {column.cell(row)}
                      </Box>
                    </Box>
                  ))}
                </Box>
                {actions.map((column) => (
                  <Box key={column.header} mt="3">
                    {column.cell(row)}
                  </Box>
                ))}
              </Box>
            );
          })}
        </Stack>
      )}
    </Box>
  );
}
