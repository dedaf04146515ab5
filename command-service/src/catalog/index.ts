/** `@tickwise/command-service/catalog`: the authored-content loaders and checks, for the content's own tests. */
export * from './compliance-documents';
export * from './contract-specs';
export * from './course-content';
export * from './margin-scenarios';
export * from './word-count';
export * from './wording';
