// The one policy module: every route asks it before acting, on top of core's pure permission rules.

export * from '../errors/policy-errors.js';
export * from './caller-access.js';
export * from './chest-policy.js';
export * from './reader-policy.js';
export * from './secret-policy.js';
export * from './team-policy.js';
export * from './user-policy.js';
