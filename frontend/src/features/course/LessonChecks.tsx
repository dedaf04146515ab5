/**
 * 'Check your understanding' after a lesson: each check a radio group (a fieldset whose legend is the
 * question), 'Check' once an option is chosen; the server grades it and its feedback (the quiz's verdict,
 * explanation and why the choice was wrong) is announced in a live region and kept: the answer goes into the
 * cached lessons, and after a reload the lesson brings it back. Practice only: no quiz score or completion
 * rule reads it, so nothing here blocks 'Next'.
 */
import { Box, Button, chakra, Heading, Stack, Text } from '@chakra-ui/react';
import type { LessonCheck } from '@tickwise/contracts';
import { useId, useRef, useState } from 'react';
import { errorText } from '../../session/errors';
import { AnswerFeedbackPanel, AnswerOptions } from './answer-ui';
import { useAnswerLessonCheckMutation } from './course-api';

export interface LessonChecksProps {
  readonly moduleId: number;
  readonly lessonId: number;
  readonly checks: readonly LessonCheck[];
}

export function LessonChecks({ moduleId, lessonId, checks }: LessonChecksProps) {
  const headingId = useId();
  if (checks.length === 0) return null;
  return (
    <Box
      as="section"
      aria-labelledby={headingId}
      mt="8"
      pt="6"
      borderTopWidth="1px"
      borderColor="border"
      data-testid="lesson-checks"
    >
      <Heading as="h3" id={headingId} fontSize={{ base: 'lg', md: 'xl' }} textStyle="subtitle">
        Check your understanding
      </Heading>
      <Text color="fg.muted" fontSize="sm" mt="1">
        Practice for this lesson: your answers do not count toward the module quiz.
      </Text>
      <Stack gap="6" mt="5">
        {checks.map((check, index) => (
          <CheckQuestion
            key={check.id}
            moduleId={moduleId}
            lessonId={lessonId}
            check={check}
            label={checks.length > 1 ? `Question ${index + 1} of ${checks.length}` : null}
          />
        ))}
      </Stack>
    </Box>
  );
}

interface CheckQuestionProps {
  readonly moduleId: number;
  readonly lessonId: number;
  readonly check: LessonCheck;
  readonly label: string | null;
}

function CheckQuestion({ moduleId, lessonId, check, label }: CheckQuestionProps) {
  const [answer, { isLoading: checking }] = useAnswerLessonCheckMutation();
  const [choice, setChoice] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const feedbackRef = useRef<HTMLDivElement>(null);
  // The answer, graded by the server, comes with the lesson (after a reload too): it locks the check.
  const graded = check.answer;
  const chosen = graded ? graded.selectedAnswer : choice;
  const locked = graded !== null || checking;

  const submit = async () => {
    if (choice === null || locked) return;
    setError(null);
    try {
      await answer({ moduleId, lessonId, checkId: check.id, selectedAnswer: choice }).unwrap();
      // The button it came from is now disabled: the focus goes to the verdict.
      setTimeout(() => feedbackRef.current?.focus(), 0);
    } catch (failure) {
      setError(errorText(failure, 'The server did not answer.'));
    }
  };

  return (
    <Box data-testid="lesson-check" data-check-id={check.id} data-answered={graded !== null}>
      <chakra.fieldset m="0" border="0" p="0" minW="0">
        <chakra.legend p="0" w="full">
          {label ? (
            <Text as="span" display="block" fontSize="xs" color="fg.muted" mb="1">
              {label}
            </Text>
          ) : null}
          <Text as="span" display="block" fontWeight="semibold" color="fg" data-testid="check-question">
            {check.question}
          </Text>
        </chakra.legend>
        <Stack gap="2" mt="3">
          <AnswerOptions
            name={`check-${check.id}`}
            options={check.options}
            chosen={chosen}
            locked={locked}
            feedback={graded}
            onChoose={setChoice}
            testId="check-option"
            size="sm"
          />
        </Stack>
      </chakra.fieldset>
      <Box ref={feedbackRef} tabIndex={-1} outline="none" role="status" aria-live="polite" mt="3">
        {graded ? (
          <AnswerFeedbackPanel
            feedback={graded}
            chosen={graded.selectedAnswer}
            testIdPrefix="check"
            headingLevel="h4"
          />
        ) : null}
      </Box>
      {error !== null ? (
        <Text role="alert" color="red.300" fontSize="sm" mt="3" data-testid="check-error">
          Your answer could not be checked: {error} Please check it again.
        </Text>
      ) : null}
      {graded === null ? (
        <Button
          size="sm"
          mt="3"
          disabled={choice === null}
          loading={checking}
          loadingText="Checking…"
          onClick={() => void submit()}
        >
          Check
        </Button>
      ) : null}
    </Box>
  );
}
