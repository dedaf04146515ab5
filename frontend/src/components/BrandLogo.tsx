import { Box, HStack, Text } from '@chakra-ui/react';

/** The Tickwise mark: a rising tick line in a rounded square. Decorative: the word beside it names it. */
export function BrandMark({ size = 28 }: { readonly size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="30" height="30" rx="8" fill="#083344" stroke="#22d3ee" strokeOpacity="0.5" />
      <path
        d="M7 20.5l5-5 4 3.5 8.5-9"
        fill="none"
        stroke="#22d3ee"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="24.5" cy="10" r="2" fill="#a5f3fc" />
    </svg>
  );
}

export function BrandName({ fontSize = 'lg' }: { readonly fontSize?: string }) {
  return (
    <HStack gap="2.5" align="center">
      <Box flexShrink={0} display="flex">
        <BrandMark />
      </Box>
      <Text as="span" fontWeight="bold" fontSize={fontSize} textStyle="subtitle" color="fg">
        Tickwise
      </Text>
    </HStack>
  );
}
