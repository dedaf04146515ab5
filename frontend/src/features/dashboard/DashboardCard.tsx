import { Alert, Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { errorText } from '../../session/errors';
import { Panel } from '../psychology/Panel';

export interface DashboardCardProps {
  readonly title: string;
  readonly action?: ReactNode;
  readonly children: ReactNode;
  readonly testId?: string;
}

/** A titled section of the dashboard (an h2 names the region). */
export function DashboardCard({ title, action, children, testId }: DashboardCardProps) {
  const headingId = useId();
  return (
    <Panel as="section" aria-labelledby={headingId} data-testid={testId} minW="0">
      <Flex justify="space-between" align="center" gap="3" mb="4" wrap="wrap">
        <Heading as="h2" id={headingId} fontSize="lg" textStyle="subtitle">
          {title}
        </Heading>
        {action}
      </Flex>
      {children}
    </Panel>
  );
}

/** The part of a query result a card needs. */
export interface QueryLike<T> {
  readonly data?: T | undefined;
  readonly error?: unknown;
  readonly refetch: () => unknown;
}

export interface QueryViewProps<T> {
  readonly query: QueryLike<T>;
  /** What is loading, e.g. 'your progress'. */
  readonly what: string;
  /** 'alert' shows the error and Try again; 'quiet' a short line (another card already shows the alert). */
  readonly onError?: 'alert' | 'quiet';
  readonly children: (data: T) => ReactNode;
}

/** Loading, error, or the data of one query. */
export function QueryView<T>({ query, what, onError = 'alert', children }: QueryViewProps<T>) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.error === undefined || query.error === null) {
    return <LoadingSpinner size="small" label={`Loading ${what}…`} />;
  }
  if (onError === 'quiet') {
    return (
      <Text color="fg.muted" fontSize="sm">
        Not available right now.
      </Text>
    );
  }
  return <LoadError what={what} error={query.error} onRetry={query.refetch} />;
}

export function LoadError({
  what,
  error,
  onRetry,
}: {
  readonly what: string;
  readonly error: unknown;
  readonly onRetry: () => unknown;
}) {
  return (
    <Alert.Root status="error" variant="surface" rounded="lg">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Could not load {what}</Alert.Title>
        <Alert.Description>{errorText(error, 'Please try again in a moment.')}</Alert.Description>
      </Alert.Content>
      <Button size="xs" variant="outline" onClick={() => void onRetry()} alignSelf="center">
        Try again
      </Button>
    </Alert.Root>
  );
}

/** An empty state: a short title and a line of help. */
export function EmptyState({ title, children }: { readonly title: string; readonly children?: ReactNode }) {
  return (
    <Stack gap="2" align="center" textAlign="center" py="6" px="2" data-testid="empty-state">
      <Box as="p" fontWeight="semibold">
        {title}
      </Box>
      {children}
    </Stack>
  );
}
