/** Building blocks of the analytics screen: sections, and the loading / error / empty states of a read. */
import { Alert, Box, type BoxProps, Button, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { errorText } from '../../session/errors';

export interface SectionProps extends Omit<BoxProps, 'title'> {
  readonly id: string;
  readonly title: string;
  readonly intro?: ReactNode;
  readonly actions?: ReactNode;
}

/** The look of a table's caption on this screen (see ScrollTable). */
export const tableCaption = { color: 'fg.muted', px: '3', py: '2' } as const;

/** A framed section labelled by its h2. */
export function Section({ id, title, intro, actions, children, ...rest }: SectionProps) {
  return (
    <Box
      as="section"
      aria-labelledby={`${id}-heading`}
      layerStyle="panel"
      px={{ base: '4', md: '6' }}
      py={{ base: '5', md: '6' }}
      minW="0"
      {...rest}
    >
      <Stack gap="4">
        <Stack gap="1" direction={{ base: 'column', md: 'row' }} justify="space-between" align="flex-start">
          <Stack gap="1">
            <Heading as="h2" id={`${id}-heading`} fontSize={{ base: 'lg', md: 'xl' }} textStyle="subtitle">
              {title}
            </Heading>
            {intro === undefined ? null : (
              <Text color="fg.muted" fontSize="sm">
                {intro}
              </Text>
            )}
          </Stack>
          {actions}
        </Stack>
        {children}
      </Stack>
    </Box>
  );
}

export interface ReadStateProps<T> {
  readonly what: string;
  readonly data: T | undefined;
  readonly error: unknown;
  readonly onRetry: () => void;
  /** True when the data holds nothing to show. */
  readonly isEmpty?: (data: T) => boolean;
  readonly empty?: string;
  readonly children: (data: T) => ReactNode;
}

/** Loading, error (with retry), empty, or the content. */
export function ReadState<T>({ what, data, error, onRetry, isEmpty, empty, children }: ReadStateProps<T>) {
  if (error !== undefined) {
    return (
      <Alert.Root status="error" role="alert" variant="surface" alignItems="center">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{`Could not load ${what}`}</Alert.Title>
          <Alert.Description>{errorText(error, 'The server did not answer.')}</Alert.Description>
        </Alert.Content>
        <Button size="sm" variant="outline" onClick={onRetry}>
          Try again
        </Button>
      </Alert.Root>
    );
  }
  if (data === undefined) return <LoadingSpinner label={`Loading ${what}…`} />;
  if (isEmpty?.(data)) {
    return (
      <Text color="fg.muted" fontSize="sm" py="4">
        {empty ?? 'Nothing to show yet.'}
      </Text>
    );
  }
  return <>{children(data)}</>;
}
