import { optionLetter, percentOf, scoreColour, scoreMessage } from './score';

describe('quiz score colours: ≥90 green, ≥80 blue, ≥70 gold, else red', () => {
  it.each([
    [100, 'green'],
    [90, 'green'],
    [89, 'blue'],
    [80, 'blue'],
    [79, 'gold'],
    [70, 'gold'],
    [69, 'red'],
    [0, 'red'],
  ])('%i → %s', (score, colour) => {
    expect(scoreColour(score)).toBe(colour);
  });

  it('has a message for each band', () => {
    expect(new Set([95, 85, 75, 10].map(scoreMessage)).size).toBe(4);
  });

  it('percent and letters', () => {
    expect(percentOf(8, 9)).toBe(89);
    expect(percentOf(0, 0)).toBe(0);
    expect([0, 1, 2, 3, 25, 26, 27].map(optionLetter)).toEqual(['A', 'B', 'C', 'D', 'Z', 'AA', 'AB']);
  });
});
