import { answerOptions, categories, categoryScores, overallRingTone, psychologyTone } from './scale';

describe('the psychology scale', () => {
  it('labels the answers 1 Strongly Disagree … 5 Strongly Agree', () => {
    expect(answerOptions.map((o) => `${o.value} ${o.label}`)).toEqual([
      '1 Strongly Disagree',
      '2 Disagree',
      '3 Neutral',
      '4 Agree',
      '5 Strongly Agree',
    ]);
  });

  it('has the six categories in the instrument order', () => {
    expect(categories.map((c) => c.key)).toEqual([
      'emotionalIntelligence',
      'cognitiveControl',
      'stressResilience',
      'behavioralDiscipline',
      'riskManagement',
      'performanceOptimization',
    ]);
    const scores = categoryScores({
      emotionalIntelligence: 1,
      cognitiveControl: 2,
      stressResilience: 3,
      behavioralDiscipline: 4,
      riskManagement: 5,
      performanceOptimization: 6,
    });
    expect(scores.map((s) => `${s.label} ${s.score}`)).toEqual([
      'Emotional Intelligence 1',
      'Cognitive Control 2',
      'Stress Resilience 3',
      'Behavioral Discipline 4',
      'Risk Management 5',
      'Performance Optimization 6',
    ]);
  });
});

describe('score colours', () => {
  it.each([
    [100, 'green'],
    [80, 'green'],
    [79.9, 'yellow'],
    [60, 'yellow'],
    [59.9, 'red'],
    [0, 'red'],
  ])('psychology %s → %s (≥80 green, ≥60 yellow, else red)', (score, tone) => {
    expect(psychologyTone(score)).toBe(tone);
  });

  it.each([
    [100, 'green'],
    [70, 'green'],
    [69.9, 'amber'],
    [50, 'amber'],
    [49.9, 'red'],
    [0, 'red'],
  ])('dashboard overall ring %s → %s (≥70 green, ≥50 amber, else red)', (score, tone) => {
    expect(overallRingTone(score)).toBe(tone);
  });
});
