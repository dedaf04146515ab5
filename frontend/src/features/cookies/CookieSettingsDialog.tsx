/** The cookie settings dialog with the tabs Preferences and Details. Loaded lazily. */
import {
  Badge,
  Box,
  Button,
  CloseButton,
  Dialog,
  Flex,
  Portal,
  Stack,
  Switch,
  Tabs,
  Text,
} from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useFocusReturn } from '../../dialogs/focus-return';
import { cookieCategories } from './categories';
import type { CookiePreferences } from './consent';

export interface CookieSettingsDialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly initial: CookiePreferences;
  readonly onSave: (preferences: Omit<CookiePreferences, 'necessary'>) => void;
  readonly onAcceptAll: () => void;
  readonly finalFocus: () => HTMLElement | null;
}

type Optional = 'functional' | 'analytics' | 'marketing';

export function CookieSettingsDialog({
  open,
  onClose,
  initial,
  onSave,
  onAcceptAll,
  finalFocus,
}: CookieSettingsDialogProps) {
  const focusReturn = useFocusReturn(finalFocus);
  const [choice, setChoice] = useState({
    functional: initial.functional,
    analytics: initial.analytics,
    marketing: initial.marketing,
  });
  useEffect(() => {
    if (open)
      setChoice({
        functional: initial.functional,
        analytics: initial.analytics,
        marketing: initial.marketing,
      });
  }, [open, initial]);

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      {...focusReturn.rootProps}
      placement="center"
      size="lg"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content ref={focusReturn.contentRef}>
            <Dialog.Header flexDirection="column" gap="1">
              <Dialog.Title fontSize="xl" textStyle="subtitle">
                Cookie Settings
              </Dialog.Title>
              <Dialog.Description color="fg.muted">
                Choose which categories Tickwise may use. Tickwise loads no third-party trackers.
              </Dialog.Description>
            </Dialog.Header>
            <Dialog.Body>
              <Tabs.Root defaultValue="preferences" variant="line">
                <Tabs.List>
                  <Tabs.Trigger value="preferences">Preferences</Tabs.Trigger>
                  <Tabs.Trigger value="details">Details</Tabs.Trigger>
                </Tabs.List>
                <Tabs.Content value="preferences">
                  <Stack gap="3">
                    {cookieCategories.map((category) => {
                      const fixed = category.key === 'necessary';
                      const checked = fixed ? true : choice[category.key as Optional];
                      return (
                        <Flex
                          key={category.key}
                          gap="4"
                          justify="space-between"
                          align="flex-start"
                          p="3"
                          rounded="lg"
                          bg="bg.muted"
                        >
                          <Stack gap="1">
                            <Flex gap="2" align="center">
                              <Text fontWeight="semibold" id={`cookie-${category.key}-label`}>
                                {category.name}
                              </Text>
                              {fixed ? (
                                <Badge colorPalette="brand" variant="subtle">
                                  Always on
                                </Badge>
                              ) : null}
                            </Flex>
                            <Text fontSize="sm" color="fg.muted">
                              {category.description}
                            </Text>
                          </Stack>
                          <Switch.Root
                            checked={checked}
                            disabled={fixed}
                            onCheckedChange={(e) => {
                              if (!fixed) setChoice((c) => ({ ...c, [category.key]: e.checked }));
                            }}
                            flexShrink={0}
                            mt="1"
                          >
                            <Switch.HiddenInput aria-labelledby={`cookie-${category.key}-label`} />
                            <Switch.Control />
                          </Switch.Root>
                        </Flex>
                      );
                    })}
                  </Stack>
                </Tabs.Content>
                <Tabs.Content value="details">
                  <Stack gap="4">
                    {cookieCategories.map((category) => (
                      <Box key={category.key} borderBottomWidth="1px" borderColor="border" pb="3">
                        <Text fontWeight="semibold">{category.name}</Text>
                        <Text fontSize="sm" color="fg.muted">
                          {category.description}
                        </Text>
                        <Text fontSize="sm" mt="1">
                          <Text as="span" color="fg.muted">
                            Duration:{' '}
                          </Text>
                          {category.duration}
                        </Text>
                      </Box>
                    ))}
                    <Text fontSize="sm" color="fg.muted">
                      Your choice is stored in your browser’s local storage, not on our servers. The Cookie
                      Policy explains each item in full.
                    </Text>
                  </Stack>
                </Tabs.Content>
              </Tabs.Root>
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap">
              <Button variant="outline" onClick={onAcceptAll}>
                Accept All
              </Button>
              <Button onClick={() => onSave(choice)}>Save Preferences</Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
