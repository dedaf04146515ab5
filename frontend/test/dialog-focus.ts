/**
 * Closing a dialog and where focus goes then (WCAG 2.4.3: never <body>), shared by the dialogs' tests.
 * Focus is inside the dialog, as a keyboard user has it; the dialog is closed by Escape or by its close
 * button (×), with the page's animation frames running, or held back until it has closed: zag sets up the
 * focus trap that returns focus in a frame, which a busy machine runs late.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
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
  readonly user: UserEvent;
  /** Opens the dialog and resolves with it. */
  readonly open: () => Promise<HTMLElement>;
  readonly way: CloseWay;
  readonly frames: Frames;
}

/** Opens the dialog, closes it the given way and waits until it is gone; resolves once frames run again. */
export async function openAndClose({ user, open, way, frames }: Closing): Promise<void> {
  const held = frames === 'frames held' ? holdAnimationFrames() : null;
  try {
    const dialog = await open();
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
}
