import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { type DataColumn, DataTable } from './DataTable';
import { PHONE_WIDTH } from './use-media-query';

interface Item {
  readonly id: string;
  readonly name: string;
  readonly share: string;
}

const columns: readonly DataColumn<Item>[] = [
  { header: 'Item', rowHeader: true, cell: (i) => i.name },
  { header: 'Share', numeric: true, cell: (i) => i.share },
  { header: 'Action', action: true, cell: (i) => <button type="button">Open {i.name}</button> },
];
const rows: Item[] = [
  { id: 'a', name: 'Margin', share: '100%' },
  { id: 'b', name: 'Leverage', share: '50%' },
];

const renderTable = (items: readonly Item[]) =>
  renderWithProviders(
    <DataTable
      caption="Items, exact numbers"
      columns={columns}
      rows={items}
      rowKey={(i) => i.id}
      empty="No item matches."
      testId="items"
    />,
  );

/** Makes PHONE_WIDTH match (jsdom's matchMedia matches nothing). */
const onPhone = () => {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    ...original(query),
    matches: query === PHONE_WIDTH,
  })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
};

describe('<DataTable>', () => {
  it('is a table named by its caption, with column headers and a row header naming each row', () => {
    renderTable(rows);
    const table = screen.getByRole('table', { name: 'Items, exact numbers' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Item', 'Share', 'Action']);
    const row = within(table).getByRole('row', { name: /Leverage/ });
    expect(within(row).getByRole('rowheader')).toHaveTextContent('Leverage');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['50%', 'Open Leverage']);
  });

  it('says so in one row spanning every column when there are no rows', () => {
    renderTable([]);
    const table = screen.getByRole('table', { name: 'Items, exact numbers' });
    const cell = within(table).getByRole('cell', { name: 'No item matches.' });
    expect(cell).toHaveAttribute('colspan', '3');
  });

  it('on a phone shows each row as a card: its name, its figures labelled, its actions', () => {
    const restore = onPhone();
    try {
      renderTable(rows);
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const list = screen.getByRole('list', { name: 'Items, exact numbers' });
      const [first] = within(list).getAllByRole('listitem');
      const card = within(first as HTMLElement);
      expect(card.getByText('Margin')).toBeInTheDocument();
      expect(card.getByRole('term')).toHaveTextContent('Share');
      expect(card.getByRole('definition')).toHaveTextContent('100%');
      expect(card.getByRole('button', { name: 'Open Margin' })).toBeInTheDocument();
      expect(card.queryByText('Action')).not.toBeInTheDocument();
    } finally {
      restore();
    }
  });

  it('on a phone says so when there are no rows', () => {
    const restore = onPhone();
    try {
      renderTable([]);
      expect(screen.getByTestId('items')).toHaveTextContent('Items, exact numbersNo item matches.');
    } finally {
      restore();
    }
  });
});
