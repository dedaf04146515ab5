/**
 * `@tickwise/command-service/testing`: the command side's test fixtures — the authored content loaders and
 * publishers, the documents in force, the password hashers at their test and production costs, the
 * features' sheets and records, and a Date that moves without timers. The whole-stack harness is in
 * `@tickwise/app/testing`, above both services.
 */
export * from '../catalog/compliance-documents';
export * from '../catalog/contract-specs';
export * from '../catalog/course-content';
export * from '../catalog/publish-course';
export * from '../catalog/publish-documents';
export * from '../compliance/compliance-record';
export { EMAIL_TAKEN } from '../identity/email-account';
export { type Argon2Cost, argon2Hasher, OWASP_ARGON2, TEST_ARGON2 } from '../identity/passwords';
export { emailKey } from '../identity/profile';
export { INVALID_CREDENTIALS } from '../identity/routes';
export * from '../identity/user-account';
export * from '../psychology/instrument';
export * from '../psychology/test-support';
export * from './documents';
export * from './fake-date';
