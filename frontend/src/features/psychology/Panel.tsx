import { Box, type BoxProps } from '@chakra-ui/react';

/** The translucent card every section of these screens sits on (readable over the particles). */
export function Panel(props: BoxProps) {
  return <Box layerStyle="panel" p={{ base: '5', md: '6' }} {...props} />;
}
