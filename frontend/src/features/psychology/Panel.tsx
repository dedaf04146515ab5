import { Box, type BoxProps } from '@chakra-ui/react';

/** The translucent card every section of these screens sits on (readable over the particles). */
export function Panel(props: BoxProps) {
  return (
    <Box
      bg="rgba(10, 17, 32, 0.88)"
      borderWidth="1px"
      borderColor="border"
      rounded="xl"
      p={{ base: '5', md: '6' }}
      {...props}
    />
  );
}
