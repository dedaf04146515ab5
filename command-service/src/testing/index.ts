/**
 * `@tickwise/command-service/testing`: what other packages' tests drive the command side with — the
 * in-process stack, the authored content loaders and publishers, and the features' test fixtures.
 */
export * from '../catalog/compliance-documents';
export * from '../catalog/course-content';
export * from '../catalog/publish-documents';
export * from '../compliance/compliance-record';
export { argon2Hasher, OWASP_ARGON2, TEST_ARGON2 } from '../identity/passwords';
export * from '../identity/user-account';
export * from '../learning/test-support';
export * from '../psychology/instrument';
export * from '../psychology/test-support';
export * from './documents';
export * from './harness';
