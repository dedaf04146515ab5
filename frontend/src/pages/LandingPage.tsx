import {
  Badge,
  Box,
  Button,
  Container,
  Flex,
  Heading,
  HStack,
  List,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { usePageTitle } from '../app/use-page-title';
import {
  ChartIcon,
  CheckIcon,
  LayersIcon,
  MindIcon,
  QuizIcon,
  ScaleIcon,
  ShieldIcon,
} from '../components/icons';
import { courseStats, curriculum, tiers } from '../content/curriculum';
import { useSession } from '../session/use-session';

export interface LandingPageProps {
  /** Opens the login dialog (used by 'Start Learning Free' when signed out). */
  readonly onLogin: () => void;
  /** Opens the registration dialog. */
  readonly onRegister: () => void;
  /** Preloads the dialogs when a call to action is pointed at. */
  readonly onIntent?: () => void;
}

/** Marketing lines, worded per the content brief: never "approved", "certified" or "endorsed". */
export const marketingLines = [
  'No credit card required',
  'Full course access',
  'Written to follow CFTC and NFA guidance',
] as const;

const features: readonly { title: string; text: string; icon: ReactNode }[] = [
  {
    title: 'A structured path',
    text: 'Twelve progressive modules take you from what a futures contract is to writing and reviewing your own trade plan.',
    icon: <LayersIcon />,
  },
  {
    title: 'Risk first',
    text: 'Margin, leverage, gaps and position sizing come with worked numbers, so you see what a move costs before it happens.',
    icon: <ShieldIcon />,
  },
  {
    title: 'Quizzes that explain',
    text: 'Every module ends with a quiz; each answer comes with an explanation of why the right option is right.',
    icon: <QuizIcon />,
  },
  {
    title: 'Trading psychology',
    text: 'A self-assessment across six categories, from emotional awareness to discipline, with a descriptive profile.',
    icon: <MindIcon />,
  },
  {
    title: 'Your progress at a glance',
    text: 'A dashboard tracks lessons, quiz scores and recommended next steps so you always know where you are.',
    icon: <ChartIcon />,
  },
  {
    title: 'Balanced, honest content',
    text: 'Written to follow CFTC and NFA guidance on balanced, risk-first communication. Education only, never advice.',
    icon: <ScaleIcon />,
  },
];

export function LandingPage({ onLogin, onRegister, onIntent }: LandingPageProps) {
  usePageTitle(null);
  const { isAuthenticated } = useSession();
  const navigate = useNavigate();
  const startLearning = () => (isAuthenticated ? navigate('/course') : onLogin());

  return (
    <>
      <HeroSection onStart={startLearning} onIntent={onIntent} />
      <FeaturesSection />
      <CurriculumSection>
        <JoinCallout onRegister={isAuthenticated ? null : onRegister} onIntent={onIntent} />
      </CurriculumSection>
    </>
  );
}

/** The brand, the promise, 'Start Learning Free', what you get and the three course figures. */
function HeroSection({
  onStart,
  onIntent,
}: {
  readonly onStart: () => void;
  readonly onIntent?: () => void;
}) {
  return (
    <Box
      as="section"
      aria-labelledby="hero-title"
      pt={{ base: '14', md: '24' }}
      pb={{ base: '12', md: '20' }}
    >
      <Container maxW="6xl" px={{ base: '4', md: '6' }}>
        <Stack gap={{ base: '6', md: '8' }} align="center" textAlign="center" maxW="3xl" mx="auto">
          <Badge
            colorPalette="brand"
            variant="outline"
            size="lg"
            rounded="full"
            px="3"
            py="1"
            bg="rgba(8, 51, 68, 0.5)"
          >
            Free for early adopters
          </Badge>
          <Heading
            as="h1"
            id="hero-title"
            fontSize={{ base: '4xl', sm: '5xl', md: '6xl' }}
            lineHeight="1.05"
            letterSpacing="-0.03em"
            fontWeight="bold"
          >
            <Text as="span" display="block" color="brand.400">
              Tickwise
            </Text>
            Learn futures trading the careful way
          </Heading>
          <Text fontSize={{ base: 'lg', md: 'xl' }} color="fg.muted" maxW="2xl">
            A free, structured course for adults: from contract basics and margin to position sizing and a
            written trade plan, with quizzes, a trading psychology self-assessment and a progress dashboard.
          </Text>
          <Flex gap="3" wrap="wrap" justify="center" onPointerEnter={onIntent} onFocus={onIntent}>
            <Button size="xl" px="8" onClick={onStart} shadow="0 0 32px rgba(34, 211, 238, 0.25)">
              Start Learning Free
            </Button>
            <Button size="xl" variant="outline" asChild>
              <a href="#curriculum">See the curriculum</a>
            </Button>
          </Flex>
          <MarketingList />
        </Stack>
        <CourseStats />
      </Container>
    </Box>
  );
}

function MarketingList() {
  return (
    <List.Root
      as="ul"
      listStyle="none"
      display="flex"
      flexDirection={{ base: 'column', sm: 'row' }}
      gap={{ base: '2', sm: '6' }}
      color="fg.muted"
      fontSize="sm"
      aria-label="What you get"
    >
      {marketingLines.map((line) => (
        <List.Item key={line} display="flex" alignItems="center" gap="2" justifyContent="center">
          <Box color="brand.400" display="flex">
            <CheckIcon />
          </Box>
          {line}
        </List.Item>
      ))}
    </List.Root>
  );
}

function CourseStats() {
  return (
    <SimpleGrid
      as="dl"
      columns={{ base: 1, sm: 3 }}
      gap={{ base: '3', md: '6' }}
      mt={{ base: '12', md: '16' }}
      maxW="3xl"
      mx="auto"
    >
      {courseStats.map((stat) => (
        <Stack
          key={stat.label}
          layerStyle="panel"
          gap="0"
          py="6"
          px="4"
          align="center"
          data-testid="stat-card"
        >
          <Box as="dt" order={2} mt="2" color="fg.muted" fontWeight="medium">
            {stat.label}
          </Box>
          <Box
            as="dd"
            order={1}
            fontSize={{ base: '4xl', md: '5xl' }}
            fontWeight="bold"
            color="brand.300"
            lineHeight="1"
          >
            {stat.value}
          </Box>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/** A section's centred title and lead. */
function SectionIntro({
  id,
  title,
  children,
}: {
  readonly id: string;
  readonly title: string;
  readonly children: ReactNode;
}) {
  return (
    <Stack gap="3" textAlign="center" maxW="2xl" mx="auto" mb={{ base: '10', md: '14' }}>
      <Heading as="h2" id={id} fontSize={{ base: '2xl', md: '4xl' }} textStyle="title">
        {title}
      </Heading>
      <Text color="fg.muted" fontSize="lg">
        {children}
      </Text>
    </Stack>
  );
}

function FeaturesSection() {
  return (
    <Box as="section" aria-labelledby="features-title" py={{ base: '12', md: '20' }}>
      <Container maxW="6xl" px={{ base: '4', md: '6' }}>
        <SectionIntro id="features-title" title="Everything you need to learn with care">
          Plain English, concrete numbers and no hype: the course explains how futures work and what can go
          wrong.
        </SectionIntro>
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap={{ base: '4', md: '6' }}>
          {features.map((feature) => (
            <Stack key={feature.title} layerStyle="panel" gap="3" p="6" data-testid="feature-card">
              <Flex
                w="11"
                h="11"
                rounded="lg"
                align="center"
                justify="center"
                bg="rgba(8, 51, 68, 0.8)"
                color="brand.300"
                borderWidth="1px"
                borderColor="brand.900"
              >
                {feature.icon}
              </Flex>
              <Heading as="h3" fontSize="lg">
                {feature.title}
              </Heading>
              <Text color="fg.muted">{feature.text}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

/** The three tiers with their modules, then `children` (the call to join). */
function CurriculumSection({ children }: { readonly children: ReactNode }) {
  return (
    <Box
      as="section"
      id="curriculum"
      aria-labelledby="curriculum-title"
      py={{ base: '12', md: '20' }}
      scrollMarginTop="20"
    >
      <Container maxW="6xl" px={{ base: '4', md: '6' }}>
        <SectionIntro id="curriculum-title" title="A three-tier curriculum">
          12 modules, 48 lessons and 12 quizzes, from first principles to a capstone review.
        </SectionIntro>
        <SimpleGrid columns={{ base: 1, lg: 3 }} gap={{ base: '4', md: '6' }}>
          {tiers.map((tier, index) => (
            <TierCard key={tier.level} tier={tier} index={index} />
          ))}
        </SimpleGrid>
        {children}
      </Container>
    </Box>
  );
}

function TierCard({ tier, index }: { readonly tier: (typeof tiers)[number]; readonly index: number }) {
  return (
    <Stack layerStyle="panel" gap="4" p={{ base: '6', md: '7' }} data-testid="tier">
      <HStack justify="space-between" align="center">
        <Heading as="h3" fontSize="xl">
          {tier.name}
        </Heading>
        <Badge colorPalette="brand" variant="subtle">
          {tier.range}
        </Badge>
      </HStack>
      <Text color="fg.muted" fontSize="sm">
        {tier.summary}
      </Text>
      <List.Root as="ol" listStyle="none" gap="2.5">
        {curriculum
          .filter((m) => m.level === tier.level)
          .map((module) => (
            <List.Item key={module.id} display="flex" gap="3" alignItems="baseline">
              <Text
                as="span"
                fontSize="xs"
                fontWeight="semibold"
                color="brand.300"
                minW="6"
                fontVariantNumeric="tabular-nums"
              >
                {String(module.id).padStart(2, '0')}
              </Text>
              <Text as="span" color="fg">
                {module.title}
              </Text>
            </List.Item>
          ))}
      </List.Root>
      <Box h="1" rounded="full" bg="ink.700" mt="auto" overflow="hidden" aria-hidden="true">
        <Box h="full" w={`${((index + 1) / 3) * 100}%`} bg="brand.400" />
      </Box>
    </Stack>
  );
}

interface JoinCalloutProps {
  /** Opens the registration dialog; null (signed in) leaves the button out. */
  readonly onRegister: (() => void) | null;
  readonly onIntent?: () => void;
}

function JoinCallout({ onRegister, onIntent }: JoinCalloutProps) {
  return (
    <Stack
      layerStyle="panel"
      mt={{ base: '10', md: '14' }}
      p={{ base: '6', md: '10' }}
      align="center"
      textAlign="center"
      gap="4"
      bg="linear-gradient(135deg, rgba(8, 51, 68, 0.75), rgba(10, 17, 32, 0.9))"
      borderColor="brand.900"
    >
      <Heading as="h2" fontSize={{ base: 'xl', md: '3xl' }} textStyle="title">
        Ready when you are
      </Heading>
      <Text color="fg.muted" maxW="xl">
        Create a free account, read the risk disclosures, and begin with module 1. No credit card required.
      </Text>
      {onRegister === null ? null : (
        <Button size="lg" variant="outline" onClick={onRegister} onPointerEnter={onIntent} onFocus={onIntent}>
          Create your free account
        </Button>
      )}
    </Stack>
  );
}
