/** A tab's read: a spinner while it loads, the failure in words, else the tab. */
import type { ReactNode } from 'react';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { FormAlert } from '../../dialogs/FormAlert';
import { errorText } from '../../session/errors';

export function QueryState({
  isLoading,
  error,
  label,
  children,
}: {
  readonly isLoading: boolean;
  readonly error: unknown;
  readonly label: string;
  readonly children: ReactNode;
}) {
  if (isLoading) return <LoadingSpinner size="small" label={`Loading ${label}…`} />;
  if (error !== undefined) return <FormAlert message={errorText(error, `Could not load ${label}.`)} />;
  return <>{children}</>;
}
