import { Box, Button, Container, Flex, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

export interface CookieBannerProps {
  readonly onAcceptAll: () => void;
  readonly onRejectAll: () => void;
  readonly onSettings: () => void;
}

/**
 * The consent banner along the bottom of the screen; it does not block the page. On a phone it is kept
 * short (one sentence, the three choices on one row), so it does not cover the landing page's call to
 * action.
 */
export function CookieBanner({ onAcceptAll, onRejectAll, onSettings }: CookieBannerProps) {
  return (
    <Box
      role="region"
      aria-label="Cookie consent"
      position="fixed"
      insetX="0"
      bottom="0"
      zIndex="banner"
      px={{ base: '2', md: '6' }}
      pb={{ base: '2', md: '6' }}
    >
      <Container
        maxW="5xl"
        bg="bg.panel"
        borderWidth="1px"
        borderColor="border.emphasized"
        rounded="xl"
        shadow="2xl"
        p={{ base: '3', md: '5' }}
      >
        <Flex direction={{ base: 'column', md: 'row' }} gap={{ base: '2', md: '6' }} align={{ md: 'center' }}>
          <Stack gap="1" flex="1">
            <Text fontWeight="semibold" hideBelow="md">
              Your privacy choices
            </Text>
            <Text fontSize="sm" color="fg.muted">
              Tickwise uses only the cookies and browser storage it needs to work, and loads no third-party
              trackers.{' '}
              <Text as="span" hideBelow="md">
                Accept all categories, keep only the necessary ones, or choose in the settings.{' '}
              </Text>
              Read our{' '}
              <Link asChild color="brand.fg" textDecoration="underline">
                <RouterLink to="/cookie-policy">Cookie Policy</RouterLink>
              </Link>
              .
            </Text>
          </Stack>
          <Flex gap="2" wrap={{ base: 'nowrap', md: 'wrap' }} flexShrink={0}>
            <Button
              variant="ghost"
              size={{ base: 'xs', md: 'sm' }}
              px={{ base: '2', md: '3' }}
              onClick={onSettings}
            >
              Cookie Settings
            </Button>
            <Button variant="outline" size={{ base: 'xs', md: 'sm' }} onClick={onRejectAll}>
              Reject All
            </Button>
            <Button size={{ base: 'xs', md: 'sm' }} onClick={onAcceptAll}>
              Accept All
            </Button>
          </Flex>
        </Flex>
      </Container>
    </Box>
  );
}
