/**
 * The statement CFTC Rule 4.41(b)(1)(i) (17 CFR 4.41) prescribes beside simulated or hypothetical performance,
 * as amended with effect from 26 March 2007 (72 FR 8106), spelling and hyphens as printed. Screens that show
 * hypothetical results (the margin simulator) show it; the lessons quote it, and a content test compares every
 * quotation with this text.
 */
export const HYPOTHETICAL_RESULTS_STATEMENT =
  'These results are based on simulated or hypothetical performance results that have certain inherent limitations. Unlike the results shown in an actual performance record, these results do not represent actual trading. Also, because these trades have not actually been executed, these results may have under-or over-compensated for the impact, if any, of certain market factors, such as lack of liquidity. Simulated or hypothetical trading programs in general are also subject to the fact that they are designed with the benefit of hindsight. No representation is being made that any account will or is likely to achieve profits or losses similar to these being shown.';
