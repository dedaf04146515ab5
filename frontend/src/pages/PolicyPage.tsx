import { Box, Container, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../app/use-page-title';
import { policy } from './policies';
import { type PolicySlug, policyLinks } from './policy-links';

const prose = {
  '& h2': {
    fontSize: { base: 'xl', md: '2xl' },
    fontWeight: 'semibold',
    lineHeight: '1.3',
    letterSpacing: '-0.01em',
    color: 'fg',
    mt: '10',
    mb: '3',
  },
  '& h3': { fontSize: 'lg', fontWeight: 'semibold', lineHeight: '1.35', color: 'fg', mt: '6', mb: '2' },
  '& p': { mb: '4' },
  '& ul, & ol': { ps: '6', mb: '4' },
  '& ul': { listStyleType: 'disc' },
  '& ol': { listStyleType: 'decimal' },
  '& li': { mb: '1.5' },
  '& li::marker': { color: 'brand.400' },
  '& strong': { color: 'fg', fontWeight: 'semibold' },
  '& code': { fontFamily: 'mono', fontSize: '0.9em', bg: 'bg.muted', px: '1', rounded: 'sm' },
  '& blockquote': { borderStartWidth: '3px', borderColor: 'brand.600', ps: '4', color: 'fg.muted' },
} as const;

/** A policy page: the authored text with its effective and last-updated dates. */
export function PolicyPage({ slug }: { readonly slug: PolicySlug }) {
  const page = policy(slug);
  usePageTitle(page.title);
  return (
    <Container maxW="3xl" px={{ base: '4', md: '6' }} py={{ base: '10', md: '16' }}>
      <Box
        as="article"
        layerStyle="panel"
        rounded="2xl"
        px={{ base: '5', md: '10' }}
        py={{ base: '8', md: '12' }}
      >
        <Text
          color="brand.fg"
          fontSize="sm"
          fontWeight="semibold"
          letterSpacing="wider"
          textTransform="uppercase"
        >
          Legal
        </Text>
        <Heading as="h1" textStyle="pageTitle" mt="2">
          {page.title}
        </Heading>
        <Stack
          direction={{ base: 'column', sm: 'row' }}
          gap={{ base: '1', sm: '6' }}
          mt="3"
          fontSize="sm"
          color="fg.muted"
        >
          <Text>
            Effective date:{' '}
            <Text as="span" color="fg">
              {page.effective}
            </Text>
          </Text>
          <Text>
            Last updated:{' '}
            <Text as="span" color="fg">
              {page.updated}
            </Text>
          </Text>
        </Stack>
        <Box
          className="policy-content"
          mt="6"
          color="fg.muted"
          lineHeight="1.75"
          css={prose}
          // Sanitised by DOMPurify to the formatting rule's allow-list (see ./policies).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised markdown
          dangerouslySetInnerHTML={{ __html: page.html }}
        />
      </Box>
      <Flex as="nav" aria-label="Other policies" gap="4" wrap="wrap" mt="8" fontSize="sm">
        {policyLinks
          .filter((p) => p.slug !== slug)
          .map((p) => (
            <Link key={p.slug} asChild color="brand.fg">
              <RouterLink to={p.path}>{p.title}</RouterLink>
            </Link>
          ))}
      </Flex>
    </Container>
  );
}
