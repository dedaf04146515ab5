export * from './catalog';
export * from './runtime/apply-batch';
export * from './runtime/generations';
export * from './runtime/progress';
export * from './runtime/projection';
export * from './runtime/runner';
export * from './runtime/wait';
