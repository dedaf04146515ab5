import { Box, Flex, Link } from '@chakra-ui/react';
import { Suspense, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useCurrentUserQuery } from '../api/api';
import { Footer } from '../components/Footer';
import { LoadingSpinner } from '../components/LoadingSpinner';
import { NavigationBar } from '../components/NavigationBar';
import { PageErrorBoundary } from '../components/PageErrorBoundary';
import { ParticlesCanvas } from '../components/ParticlesCanvas';
import { Toaster } from '../components/Toaster';
import { AuthDialogsProvider, useAuthDialogs } from '../dialogs/auth-dialogs';
import { useFocusRescue } from '../dialogs/focus-return';
import { CookieConsentProvider, useCookieConsent } from '../features/cookies/cookie-consent';
import { bootstrapSession } from '../session/session-slice';
import { useSession } from '../session/use-session';
import { AppRoutes } from './AppRoutes';
import { useAppDispatch } from './store';

export interface AppShellProps {
  /** After login the page reloads; tests replace it. */
  readonly reload?: () => void;
}

/** The frame of every screen: particles, navigation, the routed page, footer, dialogs, banner, toasts. */
export function AppShell({ reload }: AppShellProps) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    void dispatch(bootstrapSession());
  }, [dispatch]);
  const session = useSession();
  // Keeps the current user subscribed while signed in, so invalidating it refetches it.
  useCurrentUserQuery(undefined, { skip: !session.isAuthenticated });

  return (
    <AuthDialogsProvider {...(reload === undefined ? {} : { reload })}>
      <CookieConsentProvider>
        <ParticlesCanvas />
        {session.isLoading ? (
          <LoadingSpinner size="large" fullPage label="Loading your session…" />
        ) : (
          <Frame />
        )}
        <Toaster />
      </CookieConsentProvider>
    </AuthDialogsProvider>
  );
}

const mainRegion = () => document.getElementById('main');

function Frame() {
  const dialogs = useAuthDialogs();
  const cookies = useCookieConsent();
  const { pathname } = useLocation();
  // A new page starts at the top.
  useEffect(() => {
    if (pathname) window.scrollTo?.({ top: 0 });
  }, [pathname]);
  useFocusRescue(mainRegion);

  return (
    <Flex direction="column" minH="100dvh" position="relative" zIndex="1">
      <Link
        href="#main"
        position="absolute"
        top="-40"
        left="4"
        zIndex="skipNav"
        bg="brand.400"
        color="brand.contrast"
        px="4"
        py="2"
        rounded="md"
        fontWeight="semibold"
        _focusVisible={{ top: '3' }}
      >
        Skip to content
      </Link>
      <NavigationBar onLogin={dialogs.openLogin} onLoginIntent={dialogs.preload} />
      <Box as="main" id="main" tabIndex={-1} flex="1" outline="none">
        <PageErrorBoundary key={pathname}>
          <Suspense fallback={<LoadingSpinner size="medium" />}>
            <AppRoutes />
          </Suspense>
        </PageErrorBoundary>
      </Box>
      <Footer onCookieSettings={cookies.openSettings} />
    </Flex>
  );
}
