/**
 * The learner's account page (/account, linked from the navigation bar's welcome line): what Tickwise
 * holds about them in short, "Download my data" (the documented JSON file of GET /api/account/data) and
 * "Delete my account" behind a dialog that says what is erased, what is kept and why, and asks for the
 * password again.
 */
import {
  Box,
  Button,
  CloseButton,
  Dialog,
  Field,
  Heading,
  Input,
  List,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { urlFor } from '../../api/routes';
import { useAppDispatch } from '../../app/store';
import { useFocusReturn } from '../../dialogs/focus-return';
import { errorText } from '../../session/errors';
import { useSession } from '../../session/use-session';
import { downloadExport } from '../audit/download';
import { forgetErasedSession, useEraseAccountMutation } from './account-api';

/** Plain words on what an erasure does; the Privacy Policy says the same. */
export const ERASURE_TEXT = {
  erased:
    'Erased at once and for good: your e-mail address, your name, your password, the addresses and browsers you signed in and acknowledged from, your income and net worth, and your answers to the psychology assessment. Your sign-in stops working everywhere and the address can be used for a new account.',
  kept: 'Kept, without anything that identifies you: which compliance document versions were acknowledged when and after how many seconds of reading, the risk assessment answers and warnings, and your course progress and scores. The law obliges us to keep this compliance evidence (GDPR Art. 17(3)(b)) for the period our Privacy Policy states; auditors see it as an "Erased learner".',
} as const;

export function AccountPage() {
  const { user } = useSession();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [downloadState, setDownloadState] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [erase, erasure] = useEraseAccountMutation();
  const opener = useRef<HTMLButtonElement>(null);
  const focusReturn = useFocusReturn(() => opener.current);
  if (user === null) return null;

  const download = async () => {
    setDownloadState('Preparing your file…');
    try {
      const file = await downloadExport(urlFor('personalData'), 'tickwise-my-data.json');
      setDownloadState(`Downloaded ${file.filename}.`);
    } catch (error) {
      setDownloadState(errorText(error, 'The download failed; please try again.'));
    }
  };

  const confirm = async () => {
    const result = await erase({ password });
    if ('data' in result) {
      setOpen(false);
      forgetErasedSession(dispatch);
      navigate('/', { replace: true });
    }
  };

  return (
    <Stack gap="6" maxW="3xl" mx="auto" py={{ base: '8', md: '12' }} px="4">
      <Heading as="h1" textStyle="pageTitle">
        Your account
      </Heading>
      <Box as="section" aria-labelledby="account-summary" layerStyle="panel" p={{ base: '5', md: '6' }}>
        <Heading as="h2" fontSize="lg" textStyle="subtitle" id="account-summary" mb="3">
          What Tickwise holds about you
        </Heading>
        <List.Root gap="1" ps="5">
          <List.Item>
            Your profile: {`${user.firstName} ${user.lastName}`.trim() || '(no name given)'}, {user.email},
            registered {user.createdAt.slice(0, 10)}; roles: {user.roles.join(', ')}.
          </List.Item>
          <List.Item>
            Every compliance document you opened and acknowledged, with the time, reading seconds, address and
            browser, and your risk assessments.
          </List.Item>
          <List.Item>
            Your lessons, quiz answers and scores, and your psychology assessment results.
          </List.Item>
          <List.Item>When you signed in, from which address and browser.</List.Item>
        </List.Root>
        <Button mt="4" onClick={download} data-testid="download-my-data">
          Download my data
        </Button>
        <Text mt="2" fontSize="sm" color="fg.muted" aria-live="polite">
          {downloadState ?? 'A JSON file with all of the above. Each download is recorded.'}
        </Text>
      </Box>
      <Box as="section" aria-labelledby="account-delete" layerStyle="panel" p={{ base: '5', md: '6' }}>
        <Heading as="h2" fontSize="lg" textStyle="subtitle" id="account-delete" mb="3">
          Delete my account
        </Heading>
        <Text mb="3">{ERASURE_TEXT.erased}</Text>
        <Button ref={opener} colorPalette="red" variant="outline" onClick={() => setOpen(true)}>
          Delete my account
        </Button>
      </Box>
      <Dialog.Root
        open={open}
        onOpenChange={(details) => {
          if (!details.open) setOpen(false);
        }}
        {...focusReturn.rootProps}
        role="alertdialog"
        placement="center"
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner px="4">
            <Dialog.Content ref={focusReturn.contentRef}>
              <Dialog.Header>
                <Dialog.Title fontSize="lg" textStyle="subtitle">
                  Delete your account?
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  <Text>{ERASURE_TEXT.erased}</Text>
                  <Text>{ERASURE_TEXT.kept}</Text>
                  <Text fontWeight="medium">This cannot be undone.</Text>
                  <Field.Root invalid={erasure.isError}>
                    <Field.Label>Your password</Field.Label>
                    <Input
                      type="password"
                      autoComplete="current-password"
                      value={password}
                      onChange={(e) => setPassword(e.target.value)}
                    />
                    {erasure.isError ? (
                      <Field.ErrorText>
                        {errorText(erasure.error, 'The account could not be deleted.')}
                      </Field.ErrorText>
                    ) : null}
                  </Field.Root>
                </Stack>
              </Dialog.Body>
              {/* On a phone the two buttons do not fit side by side: stacked, the destructive one last. */}
              <Dialog.Footer
                flexWrap="wrap"
                css={{ '@media (max-width: 29.99em)': { '& > button': { w: 'full' } } }}
              >
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline">Keep my account</Button>
                </Dialog.ActionTrigger>
                <Button
                  colorPalette="red"
                  onClick={confirm}
                  loading={erasure.isLoading}
                  disabled={password === ''}
                >
                  Delete my account for good
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Stack>
  );
}
