export * from './config';
export * from './eventlog/hash-chain';
export * from './eventlog/ids';
export * from './eventlog/port';
export * from './eventlog/sqlite-event-log';
export * from './http/read-your-writes';
export * from './readmodels/port';
export * from './readmodels/sqlite-read-models';
