/**
 * The notice that keeps a learner from a module quiz that cannot count: Tickwise records a quiz only once
 * every lesson of its module is completed, so the viewer's 'Take Module Quiz' and the quiz
 * screen show this instead of the questions, naming the lessons still to finish with a link to each.
 */
import { Alert, Box, Link, Stack } from '@chakra-ui/react';
import type { Lesson } from '@tickwise/contracts';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { lessonHref } from './course-routes';
import type { LessonToFinish } from './progress';
import { minutes } from './ui';

export interface LessonsToFinishProps {
  readonly moduleId: number;
  readonly toFinish: readonly LessonToFinish<Pick<Lesson, 'id' | 'title' | 'duration'>>[];
  /** Further actions under the list, e.g. 'Back to Module'. */
  readonly children?: ReactNode;
}

export function LessonsToFinish({ moduleId, toFinish, children }: LessonsToFinishProps) {
  const count = toFinish.length;
  return (
    <Alert.Root
      status="info"
      variant="subtle"
      rounded="lg"
      role="alert"
      alignItems="flex-start"
      data-testid="lessons-to-finish"
    >
      <Alert.Indicator />
      <Stack gap="2" flex="1" minW="0">
        <Alert.Title fontWeight="semibold">Finish every lesson to take the quiz</Alert.Title>
        <Alert.Description>
          The module quiz counts once every lesson of this module is completed.{' '}
          {count === 1 ? 'One lesson is still to finish:' : `${count} lessons are still to finish:`}
        </Alert.Description>
        <Stack as="ul" gap="1" listStyleType="none" ps="0">
          {toFinish.map(({ lesson, number }) => (
            <Box as="li" key={lesson.id}>
              <Link
                asChild
                color="brand.fg"
                fontWeight="medium"
                textDecoration="underline"
                textUnderlineOffset="3px"
              >
                <RouterLink to={lessonHref(moduleId, lesson.id)}>
                  Lesson {number}: {lesson.title}
                </RouterLink>
              </Link>{' '}
              <Box as="span" fontSize="sm" color="fg.muted" whiteSpace="nowrap">
                ({minutes(lesson.duration)})
              </Box>
            </Box>
          ))}
        </Stack>
        {children ? (
          <Box display="flex" gap="3" flexWrap="wrap" mt="1">
            {children}
          </Box>
        ) : null}
      </Stack>
    </Alert.Root>
  );
}
