/** Small building blocks shared by the course screens: panels, level badges, progress bars, states. */
import { Alert, Badge, Box, Button, Progress, Stack, Text } from '@chakra-ui/react';
import type { SerializedError } from '@reduxjs/toolkit';
import { type ModuleLevel, moduleLevelLabels } from '@tickwise/contracts/words';
import type { ReactNode } from 'react';
import { isApiError } from '../../api/base-query';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import type { LessonStatus } from './progress';

const levelPalettes: Readonly<Record<ModuleLevel, string>> = {
  BEGINNER: 'green',
  INTERMEDIATE: 'blue',
  ADVANCED: 'purple',
};

export function LevelBadge({ level }: { readonly level: ModuleLevel }) {
  return (
    <Badge colorPalette={levelPalettes[level]} variant="subtle" data-testid="level-badge">
      {moduleLevelLabels[level]}
    </Badge>
  );
}

export interface ProgressBarProps {
  readonly value: number;
  /** The accessible name, e.g. "What Futures Are progress". */
  readonly label: string;
  readonly size?: 'xs' | 'sm' | 'md';
}

export function ProgressBar({ value, label, size = 'sm' }: ProgressBarProps) {
  return (
    <Progress.Root value={value} size={size} colorPalette="brand" aria-label={label} rounded="full">
      <Progress.Track bg="bg.emphasized" rounded="full">
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}

/** The text of a failed query or command. */
export function errorText(error: unknown): string {
  if (isApiError(error)) return error.message;
  const serialized = error as SerializedError | undefined;
  return serialized?.message ?? 'Something went wrong. Please try again.';
}

export function Loading({ label }: { readonly label: string }) {
  return <LoadingSpinner size="medium" label={label} />;
}

export interface ErrorStateProps {
  readonly title: string;
  readonly error: unknown;
  readonly onRetry?: () => void;
  readonly children?: ReactNode;
}

/** A failed load: what failed, the server's message, and a way to try again. */
export function ErrorState({ title, error, onRetry, children }: ErrorStateProps) {
  return (
    <Alert.Root status="error" variant="subtle" rounded="lg" role="alert" alignItems="flex-start">
      <Alert.Indicator />
      <Stack gap="2" flex="1">
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{errorText(error)}</Alert.Description>
        <Box display="flex" gap="3" flexWrap="wrap">
          {onRetry ? (
            <Button size="sm" variant="outline" onClick={onRetry}>
              Try again
            </Button>
          ) : null}
          {children}
        </Box>
      </Stack>
    </Alert.Root>
  );
}

const statusText: Readonly<Record<LessonStatus, string>> = {
  completed: 'Completed',
  available: 'Available',
  locked: 'Locked',
};

const statusColours: Readonly<Record<LessonStatus, string>> = {
  completed: 'green.400',
  available: 'brand.300',
  locked: 'fg.subtle',
};

function StatusGlyph({ status }: { readonly status: LessonStatus }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {status === 'completed' ? (
        <>
          <circle cx="12" cy="12" r="9.5" />
          <path d="M7.5 12.5l3 3 6-6.5" />
        </>
      ) : status === 'available' ? (
        <>
          <circle cx="12" cy="12" r="9.5" />
          <path d="M10 8.5l5.5 3.5-5.5 3.5z" fill="currentColor" />
        </>
      ) : (
        <>
          <rect x="5.5" y="10.5" width="13" height="10" rx="2" />
          <path d="M8.5 10.5V7.5a3.5 3.5 0 017 0v3" />
        </>
      )}
    </svg>
  );
}

/** A lesson's status icon; `labelled` adds the status as text for screen readers. */
export function StatusIcon({
  status,
  labelled = true,
}: {
  readonly status: LessonStatus;
  readonly labelled?: boolean;
}) {
  return (
    <Box
      as="span"
      display="inline-flex"
      color={statusColours[status]}
      data-status={status}
      flexShrink={0}
      {...(labelled ? { role: 'img', 'aria-label': statusText[status] } : {})}
    >
      <StatusGlyph status={status} />
    </Box>
  );
}

/** The key to the three status icons. */
export function StatusLegend() {
  return (
    <Box
      as="ul"
      display="flex"
      gap="4"
      flexWrap="wrap"
      fontSize="sm"
      color="fg.muted"
      aria-label="Lesson status key"
    >
      {(['completed', 'available', 'locked'] as const).map((status) => (
        <Box as="li" key={status} display="flex" alignItems="center" gap="1.5">
          <StatusIcon status={status} labelled={false} />
          <Text as="span">{statusText[status]}</Text>
        </Box>
      ))}
    </Box>
  );
}

/** "25 min". */
export const minutes = (duration: number): string => `${duration} min`;
