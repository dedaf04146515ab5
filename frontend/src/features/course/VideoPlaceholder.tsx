/** Where a lesson's video will be: a labelled placeholder until videos are produced. */
import { Box, Text } from '@chakra-ui/react';

export function VideoPlaceholder({ title }: { readonly title: string }) {
  return (
    <Box
      mt="6"
      aspectRatio={16 / 9}
      rounded="lg"
      borderWidth="1px"
      borderColor="border"
      bg="bg.muted"
      display="flex"
      flexDirection="column"
      alignItems="center"
      justifyContent="center"
      gap="2"
      data-testid="video-placeholder"
      role="img"
      aria-label={`Video for ${title} (placeholder)`}
    >
      <svg width="48" height="48" viewBox="0 0 24 24" fill="none" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="11" stroke="currentColor" strokeWidth="1.5" opacity="0.6" />
        <path d="M10 8l6 4-6 4z" fill="currentColor" />
      </svg>
      <Text color="fg.muted" fontSize="sm">
        Video coming soon
      </Text>
    </Box>
  );
}
