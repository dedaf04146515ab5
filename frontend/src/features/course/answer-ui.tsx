/**
 * What the quiz and the lessons' 'Check your understanding' share: lettered options (native radios in
 * labels, so a fieldset of them is a radio group), each with its verdict once graded (correct option green,
 * a wrong choice red, named in text too), and the server's feedback: the verdict, the Explanation box, and
 * why the chosen option was wrong.
 */
import { Box, chakra, Heading, Stack, Text } from '@chakra-ui/react';
import type { AnswerFeedback } from '@tickwise/contracts';
import { optionLetter } from './score';

export type OptionVerdict = 'correct' | 'wrong' | null;

/** An option's verdict once `feedback` is shown: the right option, or the wrong one that was chosen. */
function optionVerdict(index: number, chosen: number | null, feedback: AnswerFeedback | null): OptionVerdict {
  if (feedback === null) return null;
  if (index === feedback.correctAnswer - 1) return 'correct';
  return index === chosen ? 'wrong' : null;
}

/** The options with their letters: A, B, C… */
const lettered = (options: readonly string[]) =>
  options.map((text, i) => ({ letter: optionLetter(i), text, i }));

export interface AnswerOptionProps {
  /** The radio group's name. */
  readonly name: string;
  readonly index: number;
  readonly text: string;
  readonly chosen: boolean;
  readonly locked: boolean;
  readonly verdict: OptionVerdict;
  readonly onChoose: () => void;
  readonly testId: string;
  readonly size?: 'md' | 'sm';
}

export function AnswerOption({
  name,
  index,
  text,
  chosen,
  locked,
  verdict,
  onChoose,
  testId,
  size = 'md',
}: AnswerOptionProps) {
  const letter = optionLetter(index);
  const borderColor =
    verdict === 'correct' ? 'green.400' : verdict === 'wrong' ? 'red.400' : chosen ? 'brand.400' : 'border';
  const bg =
    verdict === 'correct'
      ? 'rgba(22, 101, 52, 0.35)'
      : verdict === 'wrong'
        ? 'rgba(153, 27, 27, 0.35)'
        : chosen
          ? 'rgba(8, 51, 68, 0.75)'
          : 'bg.subtle';
  return (
    <chakra.label
      display="flex"
      flexWrap="wrap"
      alignItems="center"
      columnGap="3"
      rowGap="1"
      p={size === 'sm' ? '3' : '3.5'}
      rounded="lg"
      borderWidth="2px"
      borderColor={borderColor}
      bg={bg}
      cursor={locked ? 'default' : 'pointer'}
      transition="border-color 0.15s, background 0.15s"
      _hover={locked ? {} : { borderColor: chosen ? 'brand.400' : 'border.emphasized' }}
      css={{
        '&:has(input:focus-visible)': {
          outline: '2px solid',
          outlineColor: 'var(--chakra-colors-brand-300)',
          outlineOffset: '2px',
        },
      }}
      data-testid={testId}
      data-feedback={verdict ?? undefined}
      data-selected={chosen}
    >
      <chakra.input
        type="radio"
        name={name}
        value={index}
        checked={chosen}
        disabled={locked}
        onChange={onChoose}
        position="absolute"
        opacity="0"
        w="1px"
        h="1px"
        overflow="hidden"
      />
      <Box
        as="span"
        display="inline-flex"
        alignItems="center"
        justifyContent="center"
        w={size === 'sm' ? '7' : '8'}
        h={size === 'sm' ? '7' : '8'}
        flexShrink={0}
        rounded="full"
        fontWeight="bold"
        fontSize="sm"
        bg={
          verdict === 'correct'
            ? 'green.400'
            : verdict === 'wrong'
              ? 'red.400'
              : chosen
                ? 'brand.400'
                : 'bg.emphasized'
        }
        color={verdict !== null || chosen ? 'gray.950' : 'fg'}
      >
        {letter}
      </Box>
      <Text as="span" flex="1" color="fg" fontSize={size === 'sm' ? 'sm' : undefined}>
        {text}
      </Text>
      {verdict === null ? null : (
        // On a phone the verdict goes under the option's text (beside it, it squeezes the text into a sliver).
        <Text
          as="span"
          fontSize="sm"
          fontWeight="semibold"
          color={verdict === 'correct' ? 'green.300' : 'red.300'}
          flexBasis={{ base: 'full', sm: 'auto' }}
          ps={{ base: size === 'sm' ? '10' : '11', sm: '0' }}
        >
          {verdict === 'correct' ? 'Correct answer' : 'Your answer'}
        </Text>
      )}
    </chakra.label>
  );
}

export interface AnswerOptionsProps extends Pick<AnswerOptionProps, 'name' | 'locked' | 'testId' | 'size'> {
  readonly options: readonly string[];
  /** The chosen option (0-based), or null. */
  readonly chosen: number | null;
  /** The server's feedback once graded: it marks the right option and a wrong choice. */
  readonly feedback: AnswerFeedback | null;
  readonly onChoose: (index: number) => void;
}

/** A question's lettered options, each marked once graded (put them in a fieldset to make a radio group). */
export function AnswerOptions({ options, chosen, feedback, onChoose, ...shared }: AnswerOptionsProps) {
  return lettered(options).map(({ letter, text, i }) => (
    <AnswerOption
      key={letter}
      {...shared}
      index={i}
      text={text}
      chosen={chosen === i}
      verdict={optionVerdict(i, chosen, feedback)}
      onChoose={() => onChoose(i)}
    />
  ));
}

export interface FeedbackProps {
  readonly feedback: AnswerFeedback;
  /** The chosen option, 0-based. */
  readonly chosen: number;
  /** Prefix of the test ids ('quiz' → quiz-explanation, quiz-why-wrong). */
  readonly testIdPrefix: string;
  /** The heading level of the boxes' titles. */
  readonly headingLevel?: 'h3' | 'h4';
}

/** The server's feedback on an answer: the verdict, the Explanation box, and why the choice was wrong. */
export function AnswerFeedbackPanel({ feedback, chosen, testIdPrefix, headingLevel = 'h3' }: FeedbackProps) {
  const correctLetter = optionLetter(feedback.correctAnswer - 1);
  return (
    <Stack gap="3" data-testid={`${testIdPrefix}-feedback`}>
      <Text fontWeight="semibold" color={feedback.isCorrect ? 'green.300' : 'red.300'}>
        {feedback.isCorrect ? 'Correct!' : `Incorrect. The correct answer is ${correctLetter}.`}
      </Text>
      {feedback.whyWrong ? (
        <Box
          p="4"
          rounded="lg"
          borderWidth="1px"
          borderColor="red.700"
          bg="rgba(127, 29, 29, 0.3)"
          data-testid={`${testIdPrefix}-why-wrong`}
        >
          <Heading as={headingLevel} fontSize="sm" textStyle="subtitle" color="red.200" mb="1">
            Why {optionLetter(chosen)} is not right
          </Heading>
          <Text color="fg">{feedback.whyWrong}</Text>
        </Box>
      ) : null}
      {feedback.explanation ? (
        <Box
          p="4"
          rounded="lg"
          borderWidth="1px"
          borderColor="brand.700"
          bg="rgba(8, 51, 68, 0.55)"
          data-testid={`${testIdPrefix}-explanation`}
        >
          <Heading as={headingLevel} fontSize="sm" textStyle="subtitle" color="brand.fg" mb="1">
            Explanation
          </Heading>
          <Text color="fg">{feedback.explanation}</Text>
        </Box>
      ) : null}
    </Stack>
  );
}
