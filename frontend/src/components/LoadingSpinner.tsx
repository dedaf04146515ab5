import { Center, Spinner, Text, VisuallyHidden } from '@chakra-ui/react';

export type SpinnerSize = 'small' | 'medium' | 'large';

const sizes = { small: 'sm', medium: 'md', large: 'xl' } as const;

export interface LoadingSpinnerProps {
  readonly size?: SpinnerSize;
  /** Read by screen readers, and shown under a large spinner. */
  readonly label?: string;
  /** Centres the spinner in the viewport (the start-up check of the session). */
  readonly fullPage?: boolean;
}

/** The loading spinner in three sizes: small, medium and large. */
export function LoadingSpinner({
  size = 'medium',
  label = 'Loading…',
  fullPage = false,
}: LoadingSpinnerProps) {
  return (
    <Center
      role="status"
      data-size={size}
      flexDirection="column"
      gap="3"
      py={fullPage ? '0' : '8'}
      minH={fullPage ? '100dvh' : undefined}
      position="relative"
      zIndex="1"
    >
      <Spinner size={sizes[size]} color="brand.400" borderWidth={size === 'large' ? '3px' : '2px'} />
      {size === 'large' ? (
        <Text color="fg.muted" fontSize="sm">
          {label}
        </Text>
      ) : (
        <VisuallyHidden>{label}</VisuallyHidden>
      )}
    </Center>
  );
}
