import { Badge, Box, Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../app/use-page-title';

export interface ComingSoonPageProps {
  readonly title: string;
  readonly description: string;
}

/** Stands in for a screen that a later part of the build delivers: never a blank page. */
export function ComingSoonPage({ title, description }: ComingSoonPageProps) {
  usePageTitle(title);
  return (
    <Container maxW="3xl" px={{ base: '4', md: '6' }} py={{ base: '16', md: '24' }}>
      <Box
        bg="rgba(10, 17, 32, 0.88)"
        borderWidth="1px"
        borderColor="border"
        rounded="2xl"
        px={{ base: '6', md: '10' }}
        py={{ base: '10', md: '14' }}
      >
        <Stack gap="4" align="flex-start">
          <Badge colorPalette="brand" variant="subtle" size="lg">
            Coming soon
          </Badge>
          <Heading as="h1" fontSize={{ base: '3xl', md: '4xl' }} letterSpacing="-0.02em">
            {title}
          </Heading>
          <Text color="fg.muted" fontSize="lg">
            {description}
          </Text>
          <Text color="fg.muted">This part of Tickwise is being built and opens here soon.</Text>
          <Button asChild variant="outline" mt="2">
            <RouterLink to="/">Back to the start</RouterLink>
          </Button>
        </Stack>
      </Box>
    </Container>
  );
}
