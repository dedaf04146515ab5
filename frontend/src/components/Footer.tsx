import { Box, Button, Container, Flex, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { policyLinks, socialLink } from '../pages/policy-links';
import { BrandName } from './BrandLogo';

export interface FooterProps {
  /** Opens the cookie settings, so a choice can be changed at any time. */
  readonly onCookieSettings?: () => void;
}

export function Footer({ onCookieSettings }: FooterProps) {
  return (
    <Box as="footer" borderTopWidth="1px" borderColor="border" bg="rgba(5, 9, 18, 0.9)" mt="16">
      <Container maxW="6xl" px={{ base: '4', md: '6' }} py={{ base: '10', md: '12' }}>
        <Flex direction={{ base: 'column', md: 'row' }} gap={{ base: '8', md: '12' }} justify="space-between">
          <Stack gap="3" maxW="md">
            <BrandName />
            <Text fontSize="sm" color="fg.muted">
              A free futures-trading course for adults, built around risk first. Education only: no investment
              advice and no trade recommendations.
            </Text>
          </Stack>
          <Flex gap={{ base: '8', sm: '16' }} wrap="wrap">
            <Stack as="nav" aria-label="Legal" gap="2" fontSize="sm">
              <Text fontWeight="semibold" color="fg">
                Legal
              </Text>
              {policyLinks.map((policy) => (
                <Link key={policy.path} asChild color="fg.muted" _hover={{ color: 'brand.fg' }}>
                  <RouterLink to={policy.path}>{policy.title}</RouterLink>
                </Link>
              ))}
              {onCookieSettings ? (
                <Button
                  variant="plain"
                  size="sm"
                  h="auto"
                  p="0"
                  justifyContent="flex-start"
                  fontWeight="normal"
                  color="fg.muted"
                  _hover={{ color: 'brand.fg' }}
                  onClick={onCookieSettings}
                >
                  Cookie Settings
                </Button>
              ) : null}
            </Stack>
            <Stack gap="2" fontSize="sm">
              <Text fontWeight="semibold" color="fg">
                Community
              </Text>
              <Link
                href={socialLink.href}
                target="_blank"
                rel="noopener noreferrer"
                color="fg.muted"
                _hover={{ color: 'brand.fg' }}
              >
                {socialLink.label}
                <Box as="span" srOnly>
                  {' '}
                  (opens in a new tab)
                </Box>
              </Link>
            </Stack>
          </Flex>
        </Flex>
        <Box borderTopWidth="1px" borderColor="border" mt="10" pt="6">
          <Text fontSize="xs" color="fg.subtle" lineHeight="tall">
            Futures trading involves substantial risk of loss and is not suitable for every investor; you can
            lose more than you deposit. Tickwise is an education site. It is not registered with the CFTC, is
            not a member of the NFA, and is not endorsed by the CFTC, the NFA or any exchange.
          </Text>
          <Text fontSize="xs" color="fg.subtle" mt="3">
            © {new Date().getFullYear()} Tickwise. All rights reserved.
          </Text>
        </Box>
      </Container>
    </Box>
  );
}
