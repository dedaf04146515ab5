/** @tickwise/contracts: codecs for entities, requests, responses and events, the route table and helpers. */
export * from './access';
export * from './analytics';
export * from './answer-feedback';
export * from './audit';
export * from './certificates';
export * from './checkpoints';
export * from './codecs';
export * from './compliance';
export * from './contract-specs';
export * from './decode';
export * from './entities';
export * from './events';
export * from './hypothetical-results';
export * from './lesson-sections';
export * from './lesson-tools';
export * from './limits';
export * from './log-migration';
export * from './margin-simulation';
export * from './pages';
export * from './paths';
export * from './personal-data';
export * from './personal-data-export';
export * from './positions';
export * from './privacy';
export * from './requests';
export * from './responses';
export * from './review';
export * from './routes';
export * from './session-hint';
export * from './streams';
export * from './vocabulary';
export {
  documentKey,
  moduleLevelLabels,
  moduleLevels,
  psychologyCategories,
  psychologyCategoryLabels,
  warningTypeLabel,
} from './words';
