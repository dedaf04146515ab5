import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { LoadingSpinner } from './LoadingSpinner';

describe('<LoadingSpinner>', () => {
  it.each(['small', 'medium', 'large'] as const)('comes in size %s, announced as a status', (size) => {
    renderWithProviders(<LoadingSpinner size={size} label="Loading modules…" />);
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('data-size', size);
    expect(status).toHaveTextContent('Loading modules…');
  });
});
