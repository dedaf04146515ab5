/** Quiz scores: ≥90 green, ≥80 blue, ≥70 gold, else red; and the result screen's message. */

export type ScoreColour = 'green' | 'blue' | 'gold' | 'red';

export function scoreColour(score: number): ScoreColour {
  if (score >= 90) return 'green';
  if (score >= 80) return 'blue';
  if (score >= 70) return 'gold';
  return 'red';
}

/** The theme colour of each score colour, light enough for AA contrast on the dark panels. */
export const scoreColourTokens: Readonly<Record<ScoreColour, string>> = {
  green: 'green.400',
  blue: 'blue.400',
  gold: 'yellow.400',
  red: 'red.400',
};

/** The message under the score. */
export function scoreMessage(score: number): string {
  if (score >= 90) return 'Excellent work: you have mastered this module.';
  if (score >= 80) return 'Great job: you have a solid grasp of this module.';
  if (score >= 70) return 'Good effort: review the lessons you missed to firm it up.';
  return 'Keep going: review the lessons and try the quiz again.';
}

/** Whole percent of `correct` over `total` (0 when there are no questions). */
export function percentOf(correct: number, total: number): number {
  return total === 0 ? 0 : Math.round((correct / total) * 100);
}

/** The option letters: A, B, C … Z, then AA, AB … */
export function optionLetter(index: number): string {
  let n = index;
  let letters = '';
  do {
    letters = String.fromCharCode(65 + (n % 26)) + letters;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return letters;
}
