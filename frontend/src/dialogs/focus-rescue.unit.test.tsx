import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useFocusRescue } from './focus-return';

const mainRegion = () => document.getElementById('main');

/** A main region whose first screen is replaced by a second one when its button is pressed. */
function Screens() {
  useFocusRescue(mainRegion);
  const [signedIn, setSignedIn] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setSignedIn(true)}>
        Sign in from the navigation
      </button>
      <main id="main" tabIndex={-1}>
        {signedIn ? (
          <p>Holding screen</p>
        ) : (
          <button type="button" onClick={() => setSignedIn(true)}>
            Sign in
          </button>
        )}
      </main>
    </>
  );
}

test('focus on an element that a new screen removes goes to the main region, not to <body>', async () => {
  render(<Screens />);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByText('Holding screen');
  await waitFor(() => expect(document.getElementById('main')).toHaveFocus());
});

test('focus on a control that stays on the page is left where the user put it', async () => {
  render(<Screens />);
  const navigation = screen.getByRole('button', { name: 'Sign in from the navigation' });
  await userEvent.click(navigation);
  await screen.findByText('Holding screen');
  expect(navigation).toHaveFocus();
});

/** A dialog whose body is removed as it closes, and a button in the page that opened it. */
function ClosingDialog() {
  useFocusRescue(mainRegion);
  const [state, setState] = useState<'open' | 'closed'>('open');
  return (
    <main id="main" tabIndex={-1}>
      <button type="button">Read document</button>
      <div role="dialog" aria-label="Document" tabIndex={-1} data-state={state}>
        {state === 'open' ? (
          <button type="button" onClick={() => setState('closed')}>
            Close
          </button>
        ) : null}
      </div>
    </main>
  );
}

test('focus lost in a closing dialog is left to the dialog (it returns focus to its opener), not sent to main', async () => {
  render(<ClosingDialog />);
  await userEvent.click(screen.getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Close' })).toBeNull());
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(document.getElementById('main')).not.toHaveFocus();
});
