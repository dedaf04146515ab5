/**
 * `@tickwise/app/testing`: what drives the whole stack in tests — the command and query services with the
 * projections and process managers on in-memory or SQLite storage, in-process clients, given/when/then API
 * specs, and the learners, psychology and audit journeys built on them. It lives above both services, so
 * neither service's own tests depend on the other. The authored-content fixtures come from the command side.
 */
export * from '@tickwise/command-service/testing';
export * from './api-spec';
export * from './audit-support';
export * from './harness';
export * from './learners';
export * from './process-group';
export * from './psychology-support';
