/**
 * The login dialog 'Welcome Back' and the registration dialog 'Join Tickwise' (spec §2, §4, §5, §8), one
 * dialog with two views so switching keeps focus inside it. Loaded lazily by ./auth-dialogs.
 */
import { Button, CloseButton, Dialog, Field, Input, Portal, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { LOGIN_RELOAD_DELAY_MS, REGISTRATION_COMPLIANCE_DELAY_MS } from '../app/constants';
import { complianceHandoff } from '../features/compliance/handoff';
import { errorText } from '../session/errors';
import { useAuthActions } from '../session/use-session';
import type { AuthView } from './auth-dialogs';
import { FormAlert } from './FormAlert';

export const authMessages = {
  loginTitle: 'Welcome Back',
  registerTitle: 'Join Tickwise',
  required: 'Email and password are required',
  passwordsDiffer: 'Passwords do not match',
  loginFailed: 'Invalid credentials',
  registrationFailed: 'Registration failed',
} as const;

export interface AuthDialogsProps {
  readonly view: AuthView | null;
  readonly onViewChange: (view: AuthView | null) => void;
  /** The element focus returns to when the dialog closes. */
  readonly finalFocus: () => HTMLElement | null;
  readonly reload?: () => void;
  readonly onRegistered?: () => void;
}

const defaultReload = () => window.location.reload();

export function AuthDialogs({
  view,
  onViewChange,
  finalFocus,
  reload = defaultReload,
  onRegistered = complianceHandoff.afterRegistration,
}: AuthDialogsProps) {
  const firstField = useRef<HTMLInputElement>(null);
  // While the dialog animates closed it keeps showing the view it had.
  const [shown, setShown] = useState<AuthView>('login');
  useEffect(() => {
    if (view !== null) setShown(view);
  }, [view]);
  // Switching views moves focus to the new form's first field.
  useEffect(() => {
    if (view !== null) firstField.current?.focus();
  }, [view]);

  return (
    <Dialog.Root
      open={view !== null}
      onOpenChange={(details) => {
        if (!details.open) onViewChange(null);
      }}
      initialFocusEl={() => firstField.current}
      finalFocusEl={finalFocus}
      placement="center"
      motionPreset="slide-in-bottom"
      size="md"
    >
      <Portal>
        <Dialog.Backdrop bg="rgba(2, 6, 14, 0.72)" backdropFilter="blur(4px)" />
        <Dialog.Positioner px="4">
          <Dialog.Content borderWidth="1px" borderColor="border.emphasized" rounded="xl" shadow="2xl">
            {(view ?? shown) === 'register' ? (
              <RegisterView
                firstField={firstField}
                onSwitch={() => onViewChange('login')}
                onDone={() => onViewChange(null)}
                onRegistered={onRegistered}
              />
            ) : (
              <LoginView
                firstField={firstField}
                onSwitch={() => onViewChange('register')}
                onDone={() => onViewChange(null)}
                reload={reload}
              />
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

interface ViewProps {
  readonly firstField: React.RefObject<HTMLInputElement | null>;
  readonly onSwitch: () => void;
  readonly onDone: () => void;
}

function LoginView({ firstField, onSwitch, onDone, reload }: ViewProps & { readonly reload: () => void }) {
  const { login } = useAuthActions();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '' || password === '') {
      setError(authMessages.required);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      await login({ email: email.trim(), password });
      onDone();
      setTimeout(reload, LOGIN_RELOAD_DELAY_MS);
    } catch (err) {
      setError(errorText(err, authMessages.loginFailed));
      setSubmitting(false);
    }
  };

  return (
    <>
      <Dialog.Header flexDirection="column" gap="1" pt="7">
        <Dialog.Title fontSize="2xl" letterSpacing="-0.01em">
          {authMessages.loginTitle}
        </Dialog.Title>
        <Dialog.Description color="fg.muted">Sign in to continue your course.</Dialog.Description>
      </Dialog.Header>
      <Dialog.Body>
        <form noValidate onSubmit={submit} aria-label="Sign in">
          <Stack gap="4">
            <Field.Root required>
              <Field.Label>
                Email <Field.RequiredIndicator />
              </Field.Label>
              <Input
                ref={firstField}
                type="email"
                name="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </Field.Root>
            <Field.Root required>
              <Field.Label>
                Password <Field.RequiredIndicator />
              </Field.Label>
              <Input
                type="password"
                name="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </Field.Root>
            <FormAlert message={error} />
            <Button type="submit" size="lg" loading={submitting} loadingText="Signing in…" mt="1">
              Sign In
            </Button>
            <Text textAlign="center" fontSize="sm" color="fg.muted">
              Don’t have an account?{' '}
              <Button variant="plain" size="sm" p="0" h="auto" color="brand.fg" onClick={onSwitch}>
                Sign up
              </Button>
            </Text>
          </Stack>
        </form>
      </Dialog.Body>
    </>
  );
}

function RegisterView({
  firstField,
  onSwitch,
  onDone,
  onRegistered,
}: ViewProps & { readonly onRegistered: () => void }) {
  const { register } = useAuthActions();
  const navigate = useNavigate();
  const [fields, setFields] = useState({
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    confirmPassword: '',
  });
  const [error, setError] = useState<string | null>(null);
  const [mismatch, setMismatch] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const set = (name: keyof typeof fields) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setFields((f) => ({ ...f, [name]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (fields.email.trim() === '' || fields.password === '') {
      setError(authMessages.required);
      return;
    }
    if (fields.password !== fields.confirmPassword) {
      setMismatch(true);
      setError(authMessages.passwordsDiffer);
      return;
    }
    setMismatch(false);
    setError(null);
    setSubmitting(true);
    try {
      await register({
        firstName: fields.firstName.trim(),
        lastName: fields.lastName.trim(),
        email: fields.email.trim(),
        password: fields.password,
        confirmPassword: fields.confirmPassword,
      });
      onDone();
      navigate('/');
      setTimeout(onRegistered, REGISTRATION_COMPLIANCE_DELAY_MS);
    } catch (err) {
      setError(errorText(err, authMessages.registrationFailed));
      setSubmitting(false);
    }
  };

  return (
    <>
      <Dialog.Header flexDirection="column" gap="1" pt="7">
        <Dialog.Title fontSize="2xl" letterSpacing="-0.01em">
          {authMessages.registerTitle}
        </Dialog.Title>
        <Dialog.Description color="fg.muted">
          Free for early adopters. No credit card required.
        </Dialog.Description>
      </Dialog.Header>
      <Dialog.Body>
        <form noValidate onSubmit={submit} aria-label="Create account">
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <Field.Root>
                <Field.Label>First name</Field.Label>
                <Input
                  ref={firstField}
                  name="firstName"
                  autoComplete="given-name"
                  value={fields.firstName}
                  onChange={set('firstName')}
                />
              </Field.Root>
              <Field.Root>
                <Field.Label>Last name</Field.Label>
                <Input
                  name="lastName"
                  autoComplete="family-name"
                  value={fields.lastName}
                  onChange={set('lastName')}
                />
              </Field.Root>
            </SimpleGrid>
            <Field.Root required>
              <Field.Label>
                Email <Field.RequiredIndicator />
              </Field.Label>
              <Input
                type="email"
                name="email"
                autoComplete="email"
                value={fields.email}
                onChange={set('email')}
              />
            </Field.Root>
            <Field.Root required>
              <Field.Label>
                Password <Field.RequiredIndicator />
              </Field.Label>
              <Input
                type="password"
                name="password"
                autoComplete="new-password"
                value={fields.password}
                onChange={set('password')}
              />
              <Field.HelperText color="fg.muted">Use at least 8 characters.</Field.HelperText>
            </Field.Root>
            <Field.Root required invalid={mismatch}>
              <Field.Label>
                Confirm password <Field.RequiredIndicator />
              </Field.Label>
              <Input
                type="password"
                name="confirmPassword"
                autoComplete="new-password"
                value={fields.confirmPassword}
                onChange={set('confirmPassword')}
              />
            </Field.Root>
            <FormAlert message={error} />
            <Button type="submit" size="lg" loading={submitting} loadingText="Creating account…" mt="1">
              Create Account
            </Button>
            <Text textAlign="center" fontSize="sm" color="fg.muted">
              Already have an account?{' '}
              <Button variant="plain" size="sm" p="0" h="auto" color="brand.fg" onClick={onSwitch}>
                Sign in
              </Button>
            </Text>
          </Stack>
        </form>
      </Dialog.Body>
    </>
  );
}
