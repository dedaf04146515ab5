export * from './app/create-app';
export * from './app/deps';
export * from './app/runtime';
export * from './app/start-up';
export * from './process-managers/start';
