import { Box, Button, Container, Flex, HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { User } from '@tickwise/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { canAnalyse } from '../features/analytics/access';
import { canAudit } from '../features/audit/access';
import { useAuthActions, useSession } from '../session/use-session';
import { BrandName } from './BrandLogo';

/** What the anonymous buttons say when no login handler is given. */
export const loginRequiredAlerts = {
  course: 'Please log in to access courses',
  dashboard: 'Please log in to access the dashboard',
  login: 'Please log in to continue',
} as const;

export interface NavigationBarProps {
  /** Opens the login dialog; without it the anonymous buttons show an alert instead. */
  readonly onLogin?: () => void;
  /** Called when a login button is pointed at or focused (preloads the dialog). */
  readonly onLoginIntent?: () => void;
}

const sectionRoutes = new Set(['/course', '/compliance']);

/** The navigation bar, signed out and signed in (the navigation rule, docs/product.md). */
export function NavigationBar({ onLogin, onLoginIntent }: NavigationBarProps) {
  const { user, isAuthenticated } = useSession();
  const { logout } = useAuthActions();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const loginOr = (message: string) => () => {
    if (onLogin) onLogin();
    else window.alert(message);
  };
  const onLogout = async () => {
    await logout();
    navigate('/');
  };
  // On a phone the signed-in items sit behind a Menu button (one row of navigation, not three).
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (pathname) setMenuOpen(false);
  }, [pathname]);

  return (
    <Box
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      bg="rgba(5, 9, 18, 0.82)"
      backdropFilter="saturate(140%) blur(12px)"
      borderBottomWidth="1px"
      borderColor="border"
    >
      <Container maxW="6xl" px={{ base: '4', md: '6' }}>
        <Flex
          as="nav"
          aria-label="Main"
          // Escape closes the phone menu from the Menu button or from inside it; focus goes to the button.
          onKeyDown={(e) => {
            if (e.key !== 'Escape' || !menuOpen) return;
            setMenuOpen(false);
            menuButton.current?.focus();
          }}
          align="center"
          justify="space-between"
          gap="3"
          minH="16"
          wrap="wrap"
          py="2"
        >
          <Link asChild rounded="md" _hover={{ textDecoration: 'none' }} focusRingColor="brand.focusRing">
            <RouterLink to="/" aria-label="Tickwise home">
              <BrandName />
            </RouterLink>
          </Link>
          {isAuthenticated && user !== null ? (
            <>
              <HStack gap="3" hideBelow="md" justify="flex-end">
                <SignedInItems user={user} pathname={pathname} onLogout={onLogout} />
              </HStack>
              <Button
                hideFrom="md"
                variant="outline"
                size="sm"
                aria-expanded={menuOpen}
                aria-controls={menuId}
                onClick={() => setMenuOpen((open) => !open)}
                ref={menuButton}
              >
                <MenuIcon open={menuOpen} />
                Menu
              </Button>
              {menuOpen ? (
                <Stack id={menuId} hideFrom="md" w="full" gap="1" pb="2" align="stretch">
                  <SignedInItems user={user} pathname={pathname} onLogout={onLogout} stacked />
                </Stack>
              ) : null}
            </>
          ) : (
            <HStack gap={{ base: '1', md: '2' }} onPointerEnter={onLoginIntent} onFocus={onLoginIntent}>
              <Button variant="ghost" size="sm" onClick={loginOr(loginRequiredAlerts.course)}>
                Course
              </Button>
              <Button variant="ghost" size="sm" onClick={loginOr(loginRequiredAlerts.dashboard)}>
                Dashboard
              </Button>
              <Button size="sm" onClick={loginOr(loginRequiredAlerts.login)}>
                Login
              </Button>
            </HStack>
          )}
        </Flex>
      </Container>
    </Box>
  );
}

interface SignedInItemsProps {
  readonly user: User;
  readonly pathname: string;
  readonly onLogout: () => void;
  /** In the phone menu: one item a row, full width, the welcome line first. */
  readonly stacked?: boolean;
}

/** The signed-in navigation: section links by the navigation rule, the welcome line and Logout. */
function SignedInItems({ user, pathname, onLogout, stacked = false }: SignedInItemsProps) {
  const item = { variant: 'ghost', size: 'sm', justifyContent: stacked ? 'flex-start' : 'center' } as const;
  const welcome = (
    <Text
      data-testid="welcome"
      fontSize="sm"
      color="fg.muted"
      px={stacked ? '3' : '2'}
      py={stacked ? '1' : '0'}
      maxW={stacked ? 'full' : '60'}
      truncate
    >
      Welcome,{' '}
      <Link asChild color="fg" fontWeight="medium" title="Your account: your data, download, delete">
        <RouterLink to="/account">{user.firstName || user.email}</RouterLink>
      </Link>
    </Text>
  );
  return (
    <>
      {stacked ? welcome : null}
      {sectionRoutes.has(pathname) ? (
        <Button asChild {...item}>
          <RouterLink to="/">Back to Dashboard</RouterLink>
        </Button>
      ) : user.isCompliant ? (
        <>
          <Button asChild {...item}>
            <RouterLink to="/course">Course</RouterLink>
          </Button>
          <Button asChild {...item}>
            <RouterLink to="/compliance">Compliance</RouterLink>
          </Button>
        </>
      ) : null}
      {canAudit(user) ? (
        <Button asChild {...item}>
          <RouterLink to="/audit">Audit</RouterLink>
        </Button>
      ) : null}
      {canAnalyse(user) ? (
        <Button asChild {...item}>
          <RouterLink to="/analytics">Analytics</RouterLink>
        </Button>
      ) : null}
      {stacked ? null : welcome}
      <Button
        variant="outline"
        size="sm"
        onClick={onLogout}
        alignSelf={stacked ? 'flex-start' : 'auto'}
        ms={stacked ? '3' : '0'}
        mt={stacked ? '1' : '0'}
      >
        Logout
      </Button>
    </>
  );
}

/** Three lines, or a cross while the menu is open; decorative (the button says 'Menu'). */
function MenuIcon({ open }: { readonly open: boolean }) {
  return (
    <svg
      aria-hidden="true"
      width="16"
      height="16"
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
    >
      {open ? <path d="M3.5 3.5l9 9M12.5 3.5l-9 9" /> : <path d="M2.5 4h11M2.5 8h11M2.5 12h11" />}
    </svg>
  );
}
