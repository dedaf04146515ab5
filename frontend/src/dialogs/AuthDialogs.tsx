/**
 * The login dialog 'Welcome Back' and the registration dialog 'Join Tickwise', one
 * dialog with two views so switching keeps focus inside it. Loaded lazily by ./auth-dialogs.
 */
import {
  Button,
  CloseButton,
  Dialog,
  Field,
  Input,
  type InputProps,
  Portal,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { type FormEvent, type Ref, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { LOGIN_RELOAD_DELAY_MS, REGISTRATION_COMPLIANCE_DELAY_MS } from '../app/constants';
import { complianceHandoff } from '../features/compliance/handoff';
import { errorText } from '../session/errors';
import { useAuthActions } from '../session/use-session';
import type { AuthView } from './auth-dialogs';
import { FormAlert } from './FormAlert';
import { useFocusReturn } from './focus-return';

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
  const focusReturn = useFocusReturn(finalFocus);
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
      {...focusReturn.rootProps}
      placement="center"
      motionPreset="slide-in-bottom"
      size="md"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content ref={focusReturn.contentRef}>
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
            <TextField
              label="Email"
              required
              ref={firstField}
              type="email"
              name="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <TextField
              label="Password"
              required
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
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
              <TextField
                label="First name"
                ref={firstField}
                name="firstName"
                autoComplete="given-name"
                value={fields.firstName}
                onChange={set('firstName')}
              />
              <TextField
                label="Last name"
                name="lastName"
                autoComplete="family-name"
                value={fields.lastName}
                onChange={set('lastName')}
              />
            </SimpleGrid>
            <TextField
              label="Email"
              required
              type="email"
              name="email"
              autoComplete="email"
              value={fields.email}
              onChange={set('email')}
            />
            <TextField
              label="Password"
              required
              helper="Use at least 8 characters."
              type="password"
              name="password"
              autoComplete="new-password"
              value={fields.password}
              onChange={set('password')}
            />
            <TextField
              label="Confirm password"
              required
              invalid={mismatch}
              type="password"
              name="confirmPassword"
              autoComplete="new-password"
              value={fields.confirmPassword}
              onChange={set('confirmPassword')}
            />
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

interface TextFieldProps extends InputProps {
  readonly ref?: Ref<HTMLInputElement>;
  readonly label: string;
  readonly invalid?: boolean;
  /** A hint under the input. */
  readonly helper?: string;
}

/** A labelled input of these forms: required ones carry the required indicator. */
function TextField({ label, required, invalid, helper, ...input }: TextFieldProps) {
  return (
    <Field.Root required={required} invalid={invalid}>
      <Field.Label>
        {label}
        {required ? (
          <>
            {' '}
            <Field.RequiredIndicator />
          </>
        ) : null}
      </Field.Label>
      <Input {...input} />
      {helper ? <Field.HelperText color="fg.muted">{helper}</Field.HelperText> : null}
    </Field.Root>
  );
}
