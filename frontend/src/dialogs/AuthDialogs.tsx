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
import type { AuthView } from './auth-view';
import { FormAlert } from './FormAlert';
import {
  type FieldErrors,
  fieldErrorFromServer,
  focusFirstInvalid,
  loginErrors,
  type RegistrationField,
  registrationErrors,
} from './field-errors';
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
  // Field messages appear once a submit was tried, then follow every change.
  const [tried, setTried] = useState(false);
  const invalid = tried ? loginErrors({ email, password }) : {};
  const form = useRef<HTMLFormElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const errors = loginErrors({ email, password });
    if (Object.keys(errors).length > 0) {
      setError(email.trim() === '' || password === '' ? authMessages.required : null);
      focusFirstInvalid(form.current, errors);
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
        <Dialog.Title fontSize="2xl" textStyle="subtitle">
          {authMessages.loginTitle}
        </Dialog.Title>
        <Dialog.Description color="fg.muted">Sign in to continue your course.</Dialog.Description>
      </Dialog.Header>
      <Dialog.Body>
        <form noValidate onSubmit={submit} aria-label="Sign in" ref={form}>
          <Stack gap="4">
            <TextField
              label="Email"
              required
              error={invalid.email}
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
              error={invalid.password}
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
  const [submitting, setSubmitting] = useState(false);
  // Field messages appear once a submit was tried, then follow every change; the server's stay until the
  // field changes.
  const [tried, setTried] = useState(false);
  const [fromServer, setFromServer] = useState<FieldErrors<RegistrationField>>({});
  const invalid = { ...fromServer, ...(tried ? registrationErrors(fields) : {}) };
  const form = useRef<HTMLFormElement>(null);
  const set = (name: RegistrationField) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setFields((f) => ({ ...f, [name]: e.target.value }));
    setFromServer(({ [name]: _changed, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const errors = registrationErrors(fields);
    if (Object.keys(errors).length > 0) {
      setError(
        fields.email.trim() === '' || fields.password === ''
          ? authMessages.required
          : errors.confirmPassword === authMessages.passwordsDiffer
            ? authMessages.passwordsDiffer
            : null,
      );
      focusFirstInvalid(form.current, errors);
      return;
    }
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
      const message = errorText(err, authMessages.registrationFailed);
      const field = fieldErrorFromServer(message, fields.password);
      if (field !== null) setFromServer({ [field.field]: field.text });
      setError(field?.text ?? message);
      setSubmitting(false);
      if (field !== null) focusFirstInvalid(form.current, { [field.field]: field.text });
    }
  };

  return (
    <>
      <Dialog.Header flexDirection="column" gap="1" pt="7">
        <Dialog.Title fontSize="2xl" textStyle="subtitle">
          {authMessages.registerTitle}
        </Dialog.Title>
        <Dialog.Description color="fg.muted">
          Free for early adopters. No credit card required.
        </Dialog.Description>
      </Dialog.Header>
      <Dialog.Body>
        <form noValidate onSubmit={submit} aria-label="Create account" ref={form}>
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <TextField
                label="First name"
                error={invalid.firstName}
                ref={firstField}
                name="firstName"
                autoComplete="given-name"
                value={fields.firstName}
                onChange={set('firstName')}
              />
              <TextField
                label="Last name"
                error={invalid.lastName}
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
              error={invalid.email}
              autoComplete="email"
              value={fields.email}
              onChange={set('email')}
            />
            <TextField
              label="Password"
              required
              helper="Use at least 8 characters."
              error={invalid.password}
              type="password"
              name="password"
              autoComplete="new-password"
              value={fields.password}
              onChange={set('password')}
            />
            <TextField
              label="Confirm password"
              required
              error={invalid.confirmPassword}
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
  /** What is wrong with the value, in plain words: the field is marked invalid and described by it. */
  readonly error?: string | undefined;
  /** A hint under the input. */
  readonly helper?: string;
}

/**
 * A labelled input of these forms: required ones carry the required indicator; an error marks the input
 * aria-invalid and describes it (Chakra's Field links the error text by aria-describedby).
 */
function TextField({ label, required, error, helper, ...input }: TextFieldProps) {
  return (
    <Field.Root required={required} invalid={error !== undefined}>
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
      {/* The error says what the hint said, and what is wrong: one of them at a time. */}
      {helper && error === undefined ? <Field.HelperText color="fg.muted">{helper}</Field.HelperText> : null}
      {error !== undefined ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
