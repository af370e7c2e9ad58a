// Permission rules as pure functions over plain data (architecture.md's permission model).
export type * from './access-context.js';
export * from './chest-access-policy.js';
export * from './plan-policy.js';
export * from './reader-policy.js';
export * from './user-policy.js';
export * from './welcome-policy.js';
