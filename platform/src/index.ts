export * from './eventlog/hash-chain';
export * from './eventlog/ids';
export * from './eventlog/port';
export * from './eventlog/sqlite-event-log';
export * from './readmodels/port';
export * from './readmodels/sqlite-read-models';
