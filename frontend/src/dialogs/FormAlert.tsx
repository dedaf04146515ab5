import { Alert } from '@chakra-ui/react';

/** A form-level error, announced to screen readers. */
export function FormAlert({ message }: { readonly message: string | null }) {
  if (message === null) return null;
  return (
    <Alert.Root status="error" variant="subtle" rounded="md" role="alert">
      <Alert.Indicator />
      <Alert.Title fontWeight="medium">{message}</Alert.Title>
    </Alert.Root>
  );
}
