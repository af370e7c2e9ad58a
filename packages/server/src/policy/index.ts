// The one policy module, one file per resource, on top of core's pure permission rules: services ask
// it before they act (routes never do), passing the caller they were given.

export * from '../errors/policy-errors.js';
export * from './attachment-policy.js';
export * from './caller-access.js';
export * from './chest-policy.js';
export * from './import-batch-policy.js';
export * from './organisation-policy.js';
export * from './rotation-policy.js';
export * from './secret-policy.js';
export * from './team-policy.js';
export * from './user-policy.js';
