import { Box, CloseButton, Portal, Stack, Text } from '@chakra-ui/react';
import { useSyncExternalStore } from 'react';
import { type ToastStore, type ToastVariant, toastStore } from './toast-store';

const accent: Record<ToastVariant, string> = {
  default: 'brand.400',
  success: 'green.400',
  destructive: 'red.400',
};

/**
 * Shows the current toast (there is at most one) in a live region at the corner of the screen. The region
 * is a direct child of <body>: an open dialog marks the rest of the page aria-hidden, but leaves live
 * regions at body level alone, so a toast is announced while a dialog is open too.
 */
export function Toaster({ store = toastStore }: { readonly store?: ToastStore }) {
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const open = toasts.filter((t) => t.open);
  return (
    <Portal>
      <Box
        aria-live="polite"
        aria-label="Notifications"
        role="region"
        position="fixed"
        zIndex="toast"
        bottom={{ base: '4', md: '6' }}
        insetEnd={{ base: '4', md: '6' }}
        insetStart={{ base: '4', md: 'auto' }}
        maxW={{ md: 'sm' }}
        pointerEvents="none"
      >
        {open.map((t) => (
          <Box
            key={t.id}
            role={t.variant === 'destructive' ? 'alert' : 'status'}
            data-variant={t.variant}
            pointerEvents="auto"
            bg="bg.panel"
            borderWidth="1px"
            borderColor="border.emphasized"
            borderStartWidth="4px"
            borderStartColor={accent[t.variant]}
            rounded="lg"
            shadow="lg"
            px="4"
            py="3"
            display="flex"
            gap="3"
            alignItems="flex-start"
          >
            <Stack gap="1" flex="1">
              <Text fontWeight="semibold" color={t.variant === 'destructive' ? 'red.300' : 'fg'}>
                {t.title}
              </Text>
              {t.description ? (
                <Text fontSize="sm" color="fg.muted">
                  {t.description}
                </Text>
              ) : null}
            </Stack>
            <CloseButton size="sm" aria-label="Dismiss notification" onClick={() => store.dismiss(t.id)} />
          </Box>
        ))}
      </Box>
    </Portal>
  );
}
