/** Starts the app in the page's root element (see main.tsx). */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

export function boot(container: HTMLElement): void {
  const html = document.documentElement;
  // With a stored session the prerendered landing page was kept hidden (the session hint inlined in index.html, contracts/src/session-hint.ts): drop it
  // before showing the root, so it never flashes; the session check's spinner comes next.
  if (html.classList.contains('has-session')) {
    container.replaceChildren();
    html.classList.remove('has-session');
  }
  // Otherwise the prerendered landing page stays on screen until React's first commit replaces it.
  // Rendering in a transition lets React work in small slices instead of one long task.
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
