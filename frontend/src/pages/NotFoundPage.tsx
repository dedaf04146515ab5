import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../app/use-page-title';

export function NotFoundPage() {
  usePageTitle('Page Not Found');
  return (
    <Container maxW="2xl" px={{ base: '4', md: '6' }} py={{ base: '20', md: '28' }}>
      <Stack gap="5" align="center" textAlign="center">
        <Text fontSize="sm" fontWeight="semibold" color="brand.fg" letterSpacing="wider">
          ERROR 404
        </Text>
        <Heading as="h1" textStyle="pageTitle">
          404 Page Not Found
        </Heading>
        <Text color="fg.muted" maxW="md">
          The page you are looking for does not exist or has moved.
        </Text>
        <Button asChild size="lg">
          <RouterLink to="/">Go to the home page</RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}
