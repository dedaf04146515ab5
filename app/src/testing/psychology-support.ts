/**
 * The psychology specs' whole stack: content published, no reading delay, and a clock the test may move.
 */

import { ASSESSMENT } from '@tickwise/command-service/testing';
import type { PsychologyResponse } from '@tickwise/contracts';
import { type Stack, type StackOptions, startStack, type TestClock } from './harness';
import type { Learner } from './learners';

/** A stack wired as at start-up (content published, no reading delay), with an optional hand-moved clock. */
export const startPsychologyStack = (clock?: TestClock, options: StackOptions = {}): Promise<Stack> =>
  startStack({
    publishContent: true,
    env: { MIN_READ_SECONDS: '0' },
    ...(clock ? { clock } : {}),
    ...options,
  });

/** Submits an answer sheet as the learner. */
export const submitSheet = (learner: Learner, responses: readonly PsychologyResponse[]) =>
  learner.post(ASSESSMENT, { responses });
