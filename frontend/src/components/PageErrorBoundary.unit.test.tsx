import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense } from 'react';
import { renderWithProviders } from '../../test/render';
import { NavigationBar } from './NavigationBar';
import { PageErrorBoundary } from './PageErrorBoundary';

describe('<PageErrorBoundary>', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('shows the page when nothing fails', () => {
    renderWithProviders(
      <PageErrorBoundary>
        <h1>Course</h1>
      </PageErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Course' })).toBeInTheDocument();
  });

  it('keeps the frame and offers a reload when a page cannot be loaded', async () => {
    const reload = jest.fn();
    const Unreachable = lazy(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    renderWithProviders(
      <>
        <NavigationBar onLogin={jest.fn()} />
        <PageErrorBoundary reload={reload}>
          <Suspense fallback={null}>
            <Unreachable />
          </Suspense>
        </PageErrorBoundary>
      </>,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This page could not be shown' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tickwise home' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload the page' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
