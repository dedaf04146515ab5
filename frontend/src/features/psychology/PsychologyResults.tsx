import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { PsychologyResult } from '@tickwise/contracts';
import type { Ref } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ScoreBars, ScoreRing, ToneLegend } from './charts';
import { PSYCHOLOGY_DISCLAIMER } from './disclaimer';
import { formatDate } from './format';
import { Panel } from './Panel';
import { categoryScores, psychologyLegend, psychologyTone, toneColor } from './scale';

export interface PsychologyResultsProps {
  readonly result: PsychologyResult;
  readonly onRetake: () => void;
  /** The results heading, focused when the results appear. */
  readonly headingRef?: Ref<HTMLHeadingElement>;
}

/** The results of a finished assessment: overall score, archetype, six categories, the disclaimer, Retake. */
export function PsychologyResults({ result, onRetake, headingRef }: PsychologyResultsProps) {
  const bars = categoryScores(result).map((c) => {
    const tone = psychologyTone(c.score);
    return { key: c.key, label: c.label, value: c.score, tone, color: toneColor[tone] };
  });
  return (
    <Stack gap="5" data-testid="psychology-results">
      <Panel>
        <Stack gap="5">
          <Box>
            <Heading
              as="h2"
              ref={headingRef}
              tabIndex={-1}
              fontSize="2xl"
              textStyle="subtitle"
              outline="none"
            >
              Your Trading Psychology Profile
            </Heading>
            <Text color="fg.muted" fontSize="sm" mt="1">
              Completed {formatDate(result.completedAt)}
              {result.instrumentVersion ? ` · assessment version ${result.instrumentVersion}` : null}
            </Text>
          </Box>
          <Flex
            gap="6"
            direction={{ base: 'column', sm: 'row' }}
            align={{ base: 'flex-start', sm: 'center' }}
          >
            <ScoreRing
              value={result.overallScore}
              tone={psychologyTone(result.overallScore)}
              label="Overall score"
            />
            <Stack gap="2">
              <Text fontSize="sm" color="fg.muted" fontWeight="medium">
                Trader archetype
              </Text>
              <Heading as="h3" fontSize="xl" textStyle="subtitle" color="brand.300" data-testid="archetype">
                {result.traderArchetype}
              </Heading>
              {result.archetypeDescription ? <Text>{result.archetypeDescription}</Text> : null}
            </Stack>
          </Flex>
          {result.archetypeFocus ? (
            <Box bg="bg.muted" rounded="lg" p="4" borderStartWidth="3px" borderStartColor="brand.400">
              <Heading as="h3" fontSize="md" textStyle="subtitle" mb="1">
                What to work on
              </Heading>
              <Text color="fg.muted">{result.archetypeFocus}</Text>
            </Box>
          ) : null}
        </Stack>
      </Panel>

      <Panel>
        <Stack gap="4">
          <Heading as="h3" fontSize="lg" textStyle="subtitle">
            Category scores
          </Heading>
          <ScoreBars items={bars} label="Category scores" testId="category-bar" />
          <ToneLegend entries={psychologyLegend} />
        </Stack>
      </Panel>

      <Box
        role="note"
        aria-label="About this assessment"
        data-testid="disclaimer"
        layerStyle="panel"
        borderColor="border.emphasized"
        p="5"
      >
        <Text fontWeight="semibold" mb="1">
          About this assessment
        </Text>
        <Text color="fg.muted" fontSize="sm">
          {PSYCHOLOGY_DISCLAIMER}
        </Text>
      </Box>

      <Flex gap="3" wrap="wrap">
        <Button onClick={onRetake}>Retake Assessment</Button>
        <Button asChild variant="outline">
          <RouterLink to="/dashboard">Back to Dashboard</RouterLink>
        </Button>
      </Flex>
    </Stack>
  );
}
