/** The dashboard's Review card: how many missed questions are due today, and each module's mastery. */
import { Badge, Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { useMasteryQuery, useReviewQueueQuery } from './review-api';

export function ReviewSummary() {
  const queue = useReviewQueueQuery();
  const mastery = useMasteryQuery();
  if (queue.error !== undefined)
    return <Text color="fg.muted">Your review could not be loaded just now.</Text>;
  if (queue.data === undefined) return <LoadingSpinner size="small" label="Loading your review…" />;
  const due = queue.data.length;
  const mastered = mastery.data?.filter((m) => m.level === 'Mastered').length ?? null;
  return (
    <Stack gap="3">
      <Text fontSize="2xl" fontWeight="semibold" data-testid="review-due-today">
        {due} due today
      </Text>
      <Text color="fg.muted" fontSize="sm">
        {due === 0
          ? 'Nothing to review: missed questions come back here when they are due.'
          : 'Questions you missed, back for another try.'}
        {mastered === null ? '' : ` Modules mastered: ${mastered} of ${mastery.data?.length ?? 0}.`}
      </Text>
      {mastery.data ? (
        <Flex
          as="ul"
          gap="1.5"
          wrap="wrap"
          listStyleType="none"
          p="0"
          m="0"
          aria-label="Mastery by module"
          data-testid="dashboard-mastery"
        >
          {mastery.data.map((m) => (
            <Box as="li" key={m.moduleId}>
              <Badge
                variant="outline"
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
                Module {m.moduleId}: {m.level}
              </Badge>
            </Box>
          ))}
        </Flex>
      ) : null}
      <Flex>
        <Button asChild size="sm" variant={due > 0 ? 'solid' : 'outline'}>
          <RouterLink to="/review">{due > 0 ? 'Start review' : 'See mastery'}</RouterLink>
        </Button>
      </Flex>
    </Stack>
  );
}
