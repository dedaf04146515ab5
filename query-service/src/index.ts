export * from './app/create-app';
export * from './app/deps';
export * from './app/runtime';
export { exportHashOf } from './audit/exports';
export { verifyExport } from './audit/verify-export';
export { checkCredential } from './certificates/credential';
export { dashboardOf } from './dashboard/formulas';
