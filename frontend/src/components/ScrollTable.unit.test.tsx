import { Table } from '@chakra-ui/react';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { ScrollTable } from './ScrollTable';

describe('<ScrollTable>', () => {
  it('is a focusable region named by the caption, around the table the caption names', () => {
    renderWithProviders(
      <ScrollTable caption="Projection status" tableProps={{ 'data-testid': 'status-table' }}>
        <Table.Body>
          <Table.Row>
            <Table.Cell>users</Table.Cell>
          </Table.Row>
        </Table.Body>
      </ScrollTable>,
    );
    const region = screen.getByRole('region', { name: 'Projection status' });
    expect(region).toHaveAttribute('tabindex', '0');
    const table = screen.getByRole('table', { name: 'Projection status' });
    expect(table).toHaveAttribute('data-testid', 'status-table');
    expect(region).toContainElement(table);
  });
});
