/** The result of a module quiz: the score in its colour, correct and incorrect, Retake and Back to Course. */
import { Alert, Box, Button, Flex, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { courseHref } from './course-routes';
import type { QuizOutcome } from './quiz-state';
import { percentOf, scoreColour, scoreColourTokens, scoreMessage } from './score';

export interface QuizResultProps {
  readonly moduleId: number;
  readonly total: number;
  readonly outcome: QuizOutcome;
  readonly onRetake: () => void;
}

export function QuizResult({ moduleId, total, outcome, onRetake }: QuizResultProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const correct = outcome.correct.filter(Boolean).length;
  const incorrect = total - correct;
  const counted = percentOf(correct, total);
  // The server's score is the record; it wins where it differs from the count here.
  const score = outcome.recordedScore ?? counted;
  const colour = scoreColour(score);

  return (
    <Box layerStyle="panel" p={{ base: '6', md: '10' }} textAlign="center" data-testid="quiz-result">
      <Heading
        as="h2"
        ref={headingRef}
        tabIndex={-1}
        outline="none"
        fontSize={{ base: '2xl', md: '3xl' }}
        textStyle="title"
      >
        Quiz Complete!
      </Heading>
      <Text
        fontSize={{ base: '5xl', md: '6xl' }}
        fontWeight="bold"
        lineHeight="1.1"
        mt="4"
        color={scoreColourTokens[colour]}
        data-testid="quiz-score"
        data-colour={colour}
      >
        {score}%
      </Text>
      <Text color="fg" fontWeight="semibold" mt="1" data-testid="quiz-score-line">
        Score: {correct} of {total}
      </Text>
      <SimpleGrid columns={2} gap="4" mt="6" maxW="sm" mx="auto">
        <CountTile
          count={correct}
          label="Correct"
          palette="green"
          bg="rgba(22, 101, 52, 0.25)"
          testId="quiz-correct"
        />
        <CountTile
          count={incorrect}
          label="Incorrect"
          palette="red"
          bg="rgba(153, 27, 27, 0.25)"
          testId="quiz-incorrect"
        />
      </SimpleGrid>
      <Text color="fg.muted" mt="6" data-testid="quiz-message">
        {scoreMessage(score)}
      </Text>
      {outcome.recordedScore !== null && outcome.recordedScore !== counted ? (
        <Text fontSize="sm" color="fg.muted" mt="2" data-testid="quiz-recorded-note">
          Tickwise recorded {outcome.recordedScore}% for this attempt (this screen counted {counted}%).
        </Text>
      ) : null}
      {outcome.completionError !== null ? (
        <Alert.Root status="warning" variant="subtle" rounded="md" mt="6" textAlign="start" role="alert">
          <Alert.Indicator />
          <Alert.Title fontWeight="medium">
            Your result could not be recorded: {outcome.completionError}
          </Alert.Title>
        </Alert.Root>
      ) : null}
      <Flex justify="center" gap="3" mt="8" wrap="wrap">
        <Button variant="outline" onClick={onRetake}>
          Retake Quiz
        </Button>
        <Button asChild>
          <RouterLink to={courseHref(moduleId)}>Back to Course</RouterLink>
        </Button>
      </Flex>
    </Box>
  );
}

interface CountTileProps {
  readonly count: number;
  readonly label: string;
  readonly palette: 'green' | 'red';
  readonly bg: string;
  readonly testId: string;
}

function CountTile({ count, label, palette, bg, testId }: CountTileProps) {
  return (
    <Box rounded="lg" borderWidth="1px" borderColor={`${palette}.700`} bg={bg} p="4">
      <Text fontSize="3xl" fontWeight="bold" color={`${palette}.300`} data-testid={testId}>
        {count}
      </Text>
      <Text fontSize="sm" color="fg">
        {label}
      </Text>
    </Box>
  );
}
