/**
 * /review: the questions a learner missed, brought back by their spaced-repetition schedule, one at a time.
 * The key and the explanation come from the server with the answer, as in the quiz; a right answer sends the
 * question away until its next review, a wrong one brings it back sooner. Mastery per module below.
 */
import { Badge, Box, Button, chakra, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReviewAnswer, ReviewItem } from '@tickwise/contracts';
import { useState } from 'react';
import { usePageTitle } from '../../app/use-page-title';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { errorText } from '../../session/errors';
import { AnswerFeedbackPanel, AnswerOptions } from '../course/answer-ui';
import { LoadError } from '../dashboard/DashboardCard';
import { useAnswerReviewMutation, useMasteryQuery, useReviewQueueQuery } from './review-api';

function ReviewQuestion({ item, onNext }: { readonly item: ReviewItem; readonly onNext: () => void }) {
  const [choice, setChoice] = useState<number | null>(null);
  const [graded, setGraded] = useState<ReviewAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [answer, answering] = useAnswerReviewMutation();
  const submit = async () => {
    if (choice === null) return;
    const result = await answer({
      kind: item.kind,
      itemId: item.itemId,
      lessonId: item.lessonId,
      selectedAnswer: choice,
    });
    if ('error' in result)
      return setError(errorText(result.error, 'Your answer could not be checked; please try again.'));
    setError(null);
    setGraded(result.data);
  };
  return (
    <Box layerStyle="panel" p={{ base: '4', md: '6' }} data-testid="review-item">
      <chakra.fieldset m="0" border="0" p="0" minW="0">
        <chakra.legend p="0" w="full">
          <Text as="span" display="block" fontSize="xs" color="fg.muted" mb="1">
            Module {item.moduleId} · {item.kind === 'quiz' ? 'quiz question' : 'lesson check'}
          </Text>
          <Text as="span" display="block" fontWeight="semibold" color="fg">
            {item.question}
          </Text>
        </chakra.legend>
        <Stack gap="2" mt="3">
          <AnswerOptions
            name={`review-${item.kind}-${item.itemId}`}
            options={item.options}
            chosen={choice}
            locked={graded !== null}
            feedback={graded}
            onChoose={setChoice}
            testId="review-option"
          />
        </Stack>
      </chakra.fieldset>
      <Box role="status" aria-live="polite" mt="4">
        {graded ? (
          <AnswerFeedbackPanel feedback={graded} chosen={graded.selectedAnswer} testIdPrefix="review" />
        ) : null}
      </Box>
      {error ? (
        <Text role="alert" color="red.300" mt="3">
          {error}
        </Text>
      ) : null}
      <Box mt="4">
        {graded ? (
          <Button onClick={onNext}>Next</Button>
        ) : (
          <Button onClick={() => void submit()} disabled={choice === null} loading={answering.isLoading}>
            Submit Answer
          </Button>
        )}
      </Box>
    </Box>
  );
}

function MasteryList() {
  const mastery = useMasteryQuery();
  if (mastery.error !== undefined)
    return <LoadError what="your mastery" error={mastery.error} onRetry={mastery.refetch} />;
  if (mastery.data === undefined) return <LoadingSpinner size="small" label="Loading your mastery…" />;
  return (
    <SimpleGrid
      as="ul"
      columns={{ base: 1, sm: 2, md: 3 }}
      gap="3"
      listStyleType="none"
      p="0"
      m="0"
      data-testid="mastery"
    >
      {mastery.data.map((m) => (
        <Box as="li" key={m.moduleId} layerStyle="panel" p="3">
          <Text fontWeight="semibold">Module {m.moduleId}</Text>
          <Badge
            colorPalette={
              m.level === 'Mastered'
                ? 'green'
                : m.level === 'Proficient'
                  ? 'teal'
                  : m.level === 'Familiar'
                    ? 'blue'
                    : 'gray'
            }
          >
            {m.level}
          </Badge>
          <Text fontSize="sm" color="fg.muted">
            {m.right} of {m.items} right{m.due > 0 ? `, ${m.due} due` : ''}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}

export function ReviewPage() {
  usePageTitle('Review');
  const queue = useReviewQueueQuery();
  const [done, setDone] = useState(0);
  const item = queue.data?.[0];
  return (
    <Stack gap="6" maxW="4xl" mx="auto" py={{ base: '8', md: '12' }} px="4">
      <Stack gap="2">
        <Heading as="h1" textStyle="pageTitle">
          Review
        </Heading>
        <Text color="fg.muted">
          Questions you missed come back here when their schedule says so. A right answer sends a question
          away for longer each time; a wrong one brings it back sooner.
        </Text>
      </Stack>
      {queue.data !== undefined ? (
        item ? (
          <>
            <Heading as="h2" fontSize="md" data-testid="review-due">
              {queue.data.length} due now{done > 0 ? ` · ${done} answered this session` : ''}
            </Heading>
            <ReviewQuestion
              key={`${item.kind}-${item.itemId}-${done}`}
              item={item}
              onNext={() => {
                setDone((n) => n + 1);
                void queue.refetch();
              }}
            />
          </>
        ) : (
          <Box layerStyle="panel" p="6" textAlign="center" data-testid="review-empty">
            <Text fontWeight="semibold">Nothing to review right now</Text>
            <Text color="fg.muted">Questions you miss in quizzes and lesson checks will come back here.</Text>
          </Box>
        )
      ) : queue.error !== undefined ? (
        <LoadError what="your review" error={queue.error} onRetry={queue.refetch} />
      ) : (
        <LoadingSpinner label="Loading your review…" />
      )}
      <Stack gap="3">
        <Heading as="h2" fontSize="lg">
          Mastery by module
        </Heading>
        <MasteryList />
      </Stack>
    </Stack>
  );
}
