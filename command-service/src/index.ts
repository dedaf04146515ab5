export * from './app/create-app';
export * from './app/deps';
export * from './app/runtime';
export * from './app/start-up';
export { regulatoryWarningsProcess } from './process-managers/regulatory-warnings';
export { processCheckpoint } from './process-managers/runner';
export * from './process-managers/start';
