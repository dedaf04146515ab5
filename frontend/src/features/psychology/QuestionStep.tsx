import { Button, Flex, Heading, RadioCard, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { PsychologyQuestion } from '@tickwise/contracts';
import type { Ref } from 'react';
import { ProgressBar } from './charts';
import { Panel } from './Panel';
import { answerOptions } from './scale';

export interface QuestionStepProps {
  readonly question: PsychologyQuestion;
  /** 1-based. */
  readonly number: number;
  readonly total: number;
  readonly answer: number | undefined;
  readonly onAnswer: (value: number) => void;
  readonly canAdvance: boolean;
  readonly submitting: boolean;
  readonly onPrevious: () => void;
  /** Next, or Complete on the last question. */
  readonly onNext: () => void;
  /** The question's heading, focused when a new question appears. */
  readonly headingRef?: Ref<HTMLHeadingElement>;
}

/** One question: 'Question n of total', a progress bar, the five answers, Previous and Next/Complete. */
export function QuestionStep({
  question,
  number,
  total,
  answer,
  onAnswer,
  canAdvance,
  submitting,
  onPrevious,
  onNext,
  headingRef,
}: QuestionStepProps) {
  const last = number === total;
  const progressText = `Question ${number} of ${total}`;
  return (
    <Panel data-testid="question-step">
      <Stack gap="6">
        <Stack gap="2">
          <Flex justify="space-between" align="baseline" gap="3" wrap="wrap">
            <Text fontWeight="semibold" data-testid="question-counter">
              {progressText}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {Math.round((number / total) * 100)}% through
            </Text>
          </Flex>
          <ProgressBar value={number} max={total} label="Assessment progress" valueText={progressText} />
        </Stack>

        <RadioCard.Root
          key={question.id}
          name={`psychology-question-${question.id}`}
          value={answer === undefined ? null : String(answer)}
          onValueChange={(details) => {
            if (details.value !== null) onAnswer(Number(details.value));
          }}
          disabled={submitting}
          colorPalette="brand"
          variant="surface"
          orientation="horizontal"
          gap="4"
        >
          <RadioCard.Label asChild>
            <Heading
              as="h2"
              ref={headingRef}
              tabIndex={-1}
              fontSize={{ base: 'lg', md: 'xl' }}
              fontWeight="semibold"
              lineHeight="1.4"
              color="fg"
              outline="none"
            >
              {question.question}
            </Heading>
          </RadioCard.Label>
          <SimpleGrid columns={{ base: 1, md: 5 }} gap="2">
            {answerOptions.map((option) => (
              <RadioCard.Item key={option.value} value={String(option.value)}>
                <RadioCard.ItemHiddenInput />
                <RadioCard.ItemControl
                  flexDirection={{ base: 'row', md: 'column' }}
                  alignItems="center"
                  justifyContent={{ base: 'flex-start', md: 'center' }}
                  textAlign={{ base: 'start', md: 'center' }}
                  minH={{ md: '24' }}
                >
                  <RadioCard.ItemText
                    display="flex"
                    flexDirection={{ base: 'row', md: 'column' }}
                    alignItems="center"
                    gap={{ base: '3', md: '1' }}
                  >
                    <Text as="span" fontSize="xl" fontWeight="bold" color="brand.300" minW="5">
                      {option.value}
                    </Text>{' '}
                    <Text as="span" fontSize="sm">
                      {option.label}
                    </Text>
                  </RadioCard.ItemText>
                </RadioCard.ItemControl>
              </RadioCard.Item>
            ))}
          </SimpleGrid>
        </RadioCard.Root>

        <Flex justify="space-between" gap="3">
          <Button variant="outline" onClick={onPrevious} disabled={number === 1 || submitting}>
            Previous
          </Button>
          <Button onClick={onNext} disabled={!canAdvance} loading={submitting} loadingText="Submitting…">
            {last ? 'Complete' : 'Next'}
          </Button>
        </Flex>
        {!canAdvance ? (
          <Text fontSize="sm" color="fg.muted" textAlign="end" mt="-3">
            Choose an answer to continue.
          </Text>
        ) : null}
      </Stack>
    </Panel>
  );
}
