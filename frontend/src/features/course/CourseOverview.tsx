/**
 * The course screen: on the left the modules grouped Beginner / Intermediate / Advanced, each
 * with title, level, duration in minutes and a progress bar (module 1 selected by default); on the right
 * the selected module's title, level, description and progress, the 'Start Lesson' card for its first
 * lesson and the grid of its lessons with durations and status icons (ModuleDetail.tsx).
 */

import { Box, Button, Container, chakra, Flex, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import type { Module, ProgressRecord } from '@tickwise/contracts';
import { moduleLevelLabels, moduleLevels } from '@tickwise/contracts/words';
import { useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../app/use-page-title';
import { courseStats } from '../../content/curriculum';
import { useCourseModulesQuery, useCourseProgressQuery } from './course-api';
import { ModuleDetail } from './ModuleDetail';
import { moduleProgress } from './progress';
import { ErrorState, LevelBadge, Loading, minutes, ProgressBar } from './ui';

const MODULE_COUNT = courseStats[0].value;
/** Chakra's lg breakpoint, where the list and the details stand side by side. */
const WIDE_LAYOUT = '(min-width: 62em)';

export function CourseOverview({ selectedId }: { readonly selectedId: number }) {
  usePageTitle('Course');
  const [, setParams] = useSearchParams();
  const modules = useCourseModulesQuery();
  const progress = useCourseProgressQuery();
  const records = progress.data ?? [];
  const list = modules.data ?? [];
  const selected = list.find((m) => m.id === selectedId) ?? list[0];

  const select = (id: number) => {
    setParams({ module: String(id) }, { replace: true });
    // In one column the module's details sit under the list: bring them into view.
    if (!window.matchMedia?.(WIDE_LAYOUT).matches) {
      requestAnimationFrame(() =>
        document.getElementById('module-detail')?.scrollIntoView({ block: 'start' }),
      );
    }
  };

  return (
    <Container maxW="6xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <Box as="header" mb={{ base: '6', md: '8' }}>
        <Text
          color="brand.fg"
          fontSize="sm"
          fontWeight="semibold"
          letterSpacing="wider"
          textTransform="uppercase"
        >
          Futures trading course
        </Text>
        <Heading as="h1" textStyle="pageTitle" mt="1">
          Course
        </Heading>
        <Text color="fg" fontSize={{ base: 'lg', md: 'xl' }} mt="2" data-testid="course-promise">
          {MODULE_COUNT} modules, from your first contract to your own trade plan
        </Text>
        <Text color="fg.muted" mt="1">
          Three tiers of four modules: each module has four lessons and a quiz.
        </Text>
      </Box>

      {modules.isLoading ? (
        <Loading label="Loading the modules…" />
      ) : modules.isError ? (
        <ErrorState
          title="The modules could not be loaded"
          error={modules.error}
          onRetry={() => void modules.refetch()}
        />
      ) : list.length === 0 ? (
        <Box layerStyle="panel" p="6">
          <Text>No modules are published yet. Please check back soon.</Text>
        </Box>
      ) : (
        <Stack gap="4">
          {progress.isError ? (
            <ErrorState
              title="Your progress could not be loaded"
              error={progress.error}
              onRetry={() => void progress.refetch()}
            />
          ) : null}
          <Grid
            templateColumns={{ base: '1fr', lg: 'minmax(300px, 380px) minmax(0, 1fr)' }}
            gap="6"
            alignItems="start"
          >
            <ModuleList
              modules={list}
              records={records}
              selectedId={selected?.id ?? selectedId}
              onSelect={select}
            />
            {selected ? <ModuleDetail module={selected} records={records} /> : null}
          </Grid>
        </Stack>
      )}
    </Container>
  );
}

interface ModuleListProps {
  readonly modules: readonly Module[];
  readonly records: readonly ProgressRecord[];
  readonly selectedId: number;
  readonly onSelect: (id: number) => void;
}

/**
 * Below lg the list folds away behind an 'All modules' button, so the selected module's 'Start Lesson'
 * comes right after it on a phone; choosing a module folds the list again. From lg it is always open.
 */
function ModuleList({ modules, records, selectedId, onSelect }: ModuleListProps) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const selected = modules.find((m) => m.id === selectedId);
  return (
    <Box>
      <Button
        hideFrom="lg"
        variant="outline"
        w="full"
        justifyContent="space-between"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => setExpanded((open) => !open)}
        data-testid="module-list-toggle"
        ref={toggle}
        h="auto"
        py="3"
        whiteSpace="normal"
        textAlign="start"
      >
        <Text as="span">
          All {modules.length} modules
          {selected ? (
            <Text as="span" display="block" fontSize="sm" color="fg.muted" fontWeight="normal">
              Showing module {selected.id}: {selected.title}
            </Text>
          ) : null}
        </Text>
        <Text as="span" aria-hidden="true" fontSize="lg">
          {expanded ? '−' : '+'}
        </Text>
      </Button>
      <Box id={listId} hideBelow={expanded ? undefined : 'lg'} mt={{ base: expanded ? '4' : '0', lg: '0' }}>
        <ModuleGroups
          modules={modules}
          records={records}
          selectedId={selectedId}
          onSelect={(id) => {
            setExpanded(false);
            onSelect(id);
            // The chosen card folded away with the list (on a phone): focus goes to the list's button.
            requestAnimationFrame(() => {
              const active = document.activeElement;
              if (active instanceof HTMLElement && active.offsetParent === null)
                toggle.current?.focus({ preventScroll: true });
            });
          }}
        />
      </Box>
    </Box>
  );
}

function ModuleGroups({ modules, records, selectedId, onSelect }: ModuleListProps) {
  return (
    <Stack as="nav" aria-label="Modules" gap="6">
      {moduleLevels.map((level) => {
        const inTier = modules.filter((m) => m.level === level).sort((a, b) => a.id - b.id);
        if (inTier.length === 0) return null;
        const headingId = `tier-${level.toLowerCase()}`;
        return (
          <Box as="section" key={level} aria-labelledby={headingId} data-testid="module-group">
            <Heading as="h2" id={headingId} fontSize="lg" textStyle="subtitle" mb="3">
              {moduleLevelLabels[level]}
            </Heading>
            <Stack as="ul" gap="2" listStyleType="none">
              {inTier.map((module) => {
                const percent = moduleProgress(records, module.id);
                const isSelected = module.id === selectedId;
                return (
                  <Box as="li" key={module.id}>
                    <chakra.button
                      type="button"
                      onClick={() => onSelect(module.id)}
                      aria-pressed={isSelected}
                      data-testid="module-card"
                      data-module-id={module.id}
                      w="full"
                      textAlign="start"
                      layerStyle="panel"
                      p="4"
                      cursor="pointer"
                      borderColor={isSelected ? 'brand.400' : 'border'}
                      bg={isSelected ? 'rgba(8, 51, 68, 0.75)' : undefined}
                      transition="border-color 0.15s, background 0.15s"
                      _hover={{ borderColor: isSelected ? 'brand.400' : 'border.emphasized' }}
                      _focusVisible={{
                        outline: '2px solid',
                        outlineColor: 'brand.focusRing',
                        outlineOffset: '2px',
                      }}
                    >
                      <Flex justify="space-between" gap="3" align="flex-start">
                        <Text fontWeight="semibold" color="fg">
                          <Text as="span" color="fg.muted" fontWeight="normal">
                            {module.id}.{' '}
                          </Text>
                          {module.title}
                        </Text>
                        <LevelBadge level={module.level} />
                      </Flex>
                      <Flex justify="space-between" fontSize="sm" color="fg.muted" mt="2" mb="2">
                        <Text as="span">{minutes(module.duration)}</Text>
                        <Text as="span" data-testid="module-progress">
                          {percent}% complete
                        </Text>
                      </Flex>
                      <ProgressBar value={percent} label={`${module.title} progress`} size="xs" />
                    </chakra.button>
                  </Box>
                );
              })}
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}
