/**
 * A click on the prerendered landing page, replayed on the app once it has rendered the same page: the
 * control is named by what a person sees (its text), where it is (the nearest labelled landmark) and
 * which of several such controls it was, so the replay finds the app's own button for it.
 */
export interface ControlAddress {
  readonly text: string;
  readonly landmark: string | null;
  readonly index: number;
}

const textOf = (element: Element) => (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
const landmarkOf = (element: Element) =>
  element.parentElement?.closest('[aria-label]')?.getAttribute('aria-label') ?? null;

function matching(root: ParentNode, text: string, landmark: string | null): HTMLButtonElement[] {
  return [...root.querySelectorAll('button')].filter(
    (button) => textOf(button) === text && landmarkOf(button) === landmark,
  );
}

export function addressOf(button: HTMLButtonElement, root: ParentNode): ControlAddress {
  const text = textOf(button);
  const landmark = landmarkOf(button);
  return { text, landmark, index: Math.max(0, matching(root, text, landmark).indexOf(button)) };
}

export function findControl(root: ParentNode, address: ControlAddress): HTMLButtonElement | null {
  return matching(root, address.text, address.landmark)[address.index] ?? null;
}
