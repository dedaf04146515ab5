/** Starts the app in the page's root element (see main.tsx). */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

export function boot(container: HTMLElement): void {
  // The prerendered landing page (index.html) stays on screen until React's first commit replaces it.
  // Rendering in a transition lets React work in small slices instead of one long task (hydrating the
  // prerendered markup instead would run as one long task).
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
  document.documentElement.classList.remove('has-session');
}
