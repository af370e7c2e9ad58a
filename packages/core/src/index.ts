// The one entry point of @coffer/core: everything client and server must agree on.
export * from './constants/index.js';
export * from './crypto/index.js';
export * from './model/index.js';
export * from './permissions/index.js';
export * from './secret-extras/index.js';
export * from './secret-header/index.js';
export * from './trust-log/index.js';
export * from './validation/index.js';
