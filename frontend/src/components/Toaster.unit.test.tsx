import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render';
import { Toaster } from './Toaster';
import { createToastStore } from './toast-store';

describe('<Toaster>', () => {
  it('shows the current toast, destructive ones as alerts, and closes on request', async () => {
    const store = createToastStore();
    renderWithProviders(<Toaster store={store} />);
    act(() => {
      store.toast({ title: 'Document Acknowledged', description: 'Your acknowledgment has been recorded.' });
    });
    expect(screen.getByRole('status')).toHaveTextContent('Document Acknowledged');
    act(() => {
      store.toast({
        title: 'Error',
        description: 'Failed to submit assessment. Please try again.',
        variant: 'destructive',
      });
    });
    expect(screen.queryByText('Document Acknowledged')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to submit assessment. Please try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
