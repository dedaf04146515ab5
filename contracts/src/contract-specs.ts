/**
 * Futures contract specifications as data: one source for the lessons' numbers, the calculator and the margin
 * simulator. Authored in content/contract-specs.yaml, published into the log at start-up and served by
 * `GET /api/contract-specs`.
 *
 * `multiplier` is the dollars one whole unit of the quoted price is worth for one contract (ES: $50 an index
 * point; CL: $1,000 a dollar a barrel; ZC: $50 a cent a bushel), so `tickValue = tickSize × multiplier`.
 */
import * as t from 'io-ts';
import { nonEmptyString, oneOf, refine, struct } from './codecs';

const positiveNumber = refine(t.number, (n) => Number.isFinite(n) && n > 0, 'a positive number');
const isoDate = refine(
  t.string,
  (s) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s)),
  'a date',
);
const httpsUrl = refine(t.string, (s) => /^https:\/\/[^\s]+$/.test(s), 'an https address');

/** A margin as an example, with the date it was read and where to check today's. */
export const IllustrativeMargin = struct(
  {
    /** What a broker typically asks to open one contract (the exchange's maintenance level plus a buffer). */
    initial: positiveNumber,
    /** The exchange's maintenance margin for one contract, for the date below. */
    maintenance: positiveNumber,
    asOf: isoDate,
  },
  'IllustrativeMargin',
);
export type IllustrativeMargin = t.TypeOf<typeof IllustrativeMargin>;

export const ContractSpec = struct(
  {
    symbol: refine(t.string, (s) => /^[0-9A-Z]{1,6}$/.test(s), 'a symbol of 1-6 capitals or digits'),
    name: nonEmptyString(120),
    exchange: oneOf(['CME', 'CBOT', 'NYMEX', 'COMEX']),
    /** What a contract is: "$50 × the S&P 500 index", "1,000 barrels". */
    size: nonEmptyString(120),
    /** How the price is quoted: "index points", "dollars and cents a barrel". */
    quoteUnit: nonEmptyString(120),
    tickSize: positiveNumber,
    tickValue: positiveNumber,
    multiplier: positiveNumber,
    /** How many decimal places a price shows (ES 2: 6,800.25). */
    priceDecimals: refine(t.number, (n) => Number.isInteger(n) && n >= 0 && n <= 6, 'an integer 0-6'),
    settlement: oneOf(['cash', 'physical']),
    settlementSummary: nonEmptyString(400),
    listedMonths: nonEmptyString(400),
    /** A price near where the contract traded when its margin was reviewed: the tools' starting value. */
    referencePrice: positiveNumber,
    illustrativeMargin: IllustrativeMargin,
    /** The exchange's page for the contract: the place to check every figure above. */
    specUrl: httpsUrl,
  },
  'ContractSpec',
);
export type ContractSpec = t.TypeOf<typeof ContractSpec>;

/** The authored file, content/contract-specs.yaml: a version and the specifications. */
export const ContractSpecsFile = struct(
  { version: t.string, specs: t.array(ContractSpec) },
  'a mapping with version and specs',
);

/** The advice shown with every illustrative margin. */
export const CHECK_THE_EXCHANGE =
  "Margins change with volatility and differ between brokers: check the exchange's page and your broker before trading.";
