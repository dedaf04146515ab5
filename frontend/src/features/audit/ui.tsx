/** Small building blocks of the audit screen: panels, notes, and the error of a failed read. */
import { Alert, Box, type BoxProps, Button, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { errorText } from '../../session/errors';

/** A framed section of the screen, labelled by its heading. */
export function Panel({ children, ...rest }: BoxProps) {
  return (
    <Box as="section" layerStyle="panel" px={{ base: '4', md: '6' }} py={{ base: '5', md: '6' }} {...rest}>
      {children}
    </Box>
  );
}

export function PanelHeading({ id, children }: { readonly id: string; readonly children: ReactNode }) {
  return (
    <Heading as="h2" id={id} fontSize={{ base: 'xl', md: '2xl' }} textStyle="subtitle">
      {children}
    </Heading>
  );
}

export function Note({ children }: { readonly children: ReactNode }) {
  return (
    <Text color="fg.muted" fontSize="sm">
      {children}
    </Text>
  );
}

/** A read that failed: the server's message and a way to try again. */
export function ReadError({
  error,
  what,
  onRetry,
}: {
  readonly error: unknown;
  readonly what: string;
  readonly onRetry?: () => void;
}) {
  return (
    <Alert.Root status="error" role="alert" variant="surface" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{`Could not load ${what}`}</Alert.Title>
        <Alert.Description>{errorText(error, 'The server did not answer.')}</Alert.Description>
      </Alert.Content>
      {onRetry === undefined ? null : (
        <Button size="sm" variant="outline" onClick={onRetry}>
          Try again
        </Button>
      )}
    </Alert.Root>
  );
}
