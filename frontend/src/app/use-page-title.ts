import { useEffect } from 'react';

/** Sets the document title to "{title} · Tickwise" (or just "Tickwise …" for the home page). */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    document.title = title === null ? 'Tickwise · Free futures-trading course' : `${title} · Tickwise`;
  }, [title]);
}
