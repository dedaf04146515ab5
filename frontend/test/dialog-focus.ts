/**
 * Closing a dialog and where focus goes then (WCAG 2.4.3: never <body>), shared by the dialogs' tests.
 * Focus is inside the dialog, as a keyboard user has it; the dialog is closed by Escape or by its close
 * button (×), with the page's animation frames running, or held back until it has closed: zag sets up the
 * focus trap that returns focus in a frame, which a busy machine runs late.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { holdAnimationFrames } from './frames';

export type CloseWay = 'Escape' | 'the close button';
export type Frames = 'frames running' | 'frames held';

export const closings: readonly (readonly [CloseWay, Frames])[] = [
  ['Escape', 'frames running'],
  ['the close button', 'frames running'],
  ['Escape', 'frames held'],
  ['the close button', 'frames held'],
];

export interface Closing {
  readonly way: CloseWay;
  readonly frames: Frames;
  /** The button that opens the dialog: focus must come back to it. */
  readonly opener: HTMLElement;
  /** The dialog's accessible name. */
  readonly dialog: string;
  /** Waits for what the dialog shows before it is closed. */
  readonly ready?: () => Promise<unknown>;
  readonly user?: UserEvent;
}

/** Opens the dialog with its opener, closes it the given way, and expects focus back on the opener. */
export async function expectFocusBackAfterClosing({
  way,
  frames,
  opener,
  dialog: name,
  ready,
  user = userEvent.setup(),
}: Closing): Promise<void> {
  const held = frames === 'frames held' ? holdAnimationFrames() : null;
  try {
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name });
    await ready?.();
    // The × is the dialog's last 'Close' button (the document viewer also has a 'Close' action).
    const close = within(dialog).getAllByRole('button', { name: 'Close' }).at(-1);
    if (close === undefined) throw new Error('the dialog has no close button');
    if (way === 'Escape') {
      act(() => close.focus());
      await user.keyboard('{Escape}');
    } else {
      await user.click(close);
    }
  } finally {
    held?.release();
  }
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await waitFor(() => expect(opener).toHaveFocus());
}
