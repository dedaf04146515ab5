/**
 * The instrument's disclaimer, word for word from content/psychology/instrument.yaml (`disclaimer`);
 * a test keeps the two in step. Shown with every result: a self-reflection tool, not a diagnosis or a
 * prediction of trading success.
 */
export const PSYCHOLOGY_DISCLAIMER =
  'This assessment is a self-reflection tool for learning. It is not a psychological test or diagnosis, and neither your scores nor your archetype predict trading success or results. Your answers describe how you see yourself today; use them to choose what to practise next. If trading or losses are causing you real distress, consider talking to a qualified professional.';

/** The disclaimer's first point, for places that show a result in brief (the dashboard's results card). */
export const PSYCHOLOGY_DISCLAIMER_BRIEF =
  'A self-reflection tool for learning: not a diagnosis, and not a prediction of trading success.';
