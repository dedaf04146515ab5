import { Box, Button, Container, Flex, HStack, Link, Text } from '@chakra-ui/react';
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

/** The navigation bar in each of the spec's variants (§2). */
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
            <HStack gap={{ base: '1', md: '3' }} wrap="wrap" justify="flex-end">
              {sectionRoutes.has(pathname) ? (
                <Button asChild variant="ghost" size="sm">
                  <RouterLink to="/">Back to Dashboard</RouterLink>
                </Button>
              ) : user.isCompliant ? (
                <>
                  <Button asChild variant="ghost" size="sm">
                    <RouterLink to="/course">Course</RouterLink>
                  </Button>
                  <Button asChild variant="ghost" size="sm">
                    <RouterLink to="/compliance">Compliance</RouterLink>
                  </Button>
                </>
              ) : null}
              {canAudit(user) ? (
                <Button asChild variant="ghost" size="sm">
                  <RouterLink to="/audit">Audit</RouterLink>
                </Button>
              ) : null}
              {canAnalyse(user) ? (
                <Button asChild variant="ghost" size="sm">
                  <RouterLink to="/analytics">Analytics</RouterLink>
                </Button>
              ) : null}
              <Text data-testid="welcome" fontSize="sm" color="fg.muted" px="2" maxW="60" truncate>
                Welcome,{' '}
                <Text as="span" color="fg" fontWeight="medium">
                  {user.firstName || user.email}
                </Text>
              </Text>
              <Button variant="outline" size="sm" onClick={onLogout}>
                Logout
              </Button>
            </HStack>
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
