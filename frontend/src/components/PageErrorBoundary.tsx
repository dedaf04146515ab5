import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface PageErrorBoundaryProps {
  readonly children: ReactNode;
  /** Reloads the page; tests replace it. */
  readonly reload?: () => void;
}

interface State {
  readonly failed: boolean;
}

const defaultReload = () => window.location.reload();

/**
 * Keeps a failing page from blanking the whole app: when a screen throws while rendering, or its code
 * cannot be loaded (a network failure, or a new release replaced the file), the navigation bar and footer
 * stay and the page area says so, with a way to try again. Give it a `key` per route so that moving to
 * another page starts afresh.
 */
export class PageErrorBoundary extends Component<PageErrorBoundaryProps, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('A page failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const reload = this.props.reload ?? defaultReload;
    return (
      <Container maxW="2xl" px={{ base: '4', md: '6' }} py={{ base: '20', md: '28' }}>
        <Stack gap="5" align="center" textAlign="center" role="alert">
          <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} textStyle="title">
            This page could not be shown
          </Heading>
          <Text color="fg.muted" maxW="md">
            Something went wrong while loading it. Please check your connection and try again.
          </Text>
          <Button size="lg" onClick={reload}>
            Reload the page
          </Button>
        </Stack>
      </Container>
    );
  }
}
