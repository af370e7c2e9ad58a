// Entity and payload types of the API, as client and server both see them.
export type * from './attachment-model.js';
export type * from './audit-model.js';
export type * from './auth-model.js';
export type * from './billing-model.js';
export type * from './chest-model.js';
export type * from './common-model.js';
export type * from './dashboard-model.js';
export type * from './import-model.js';
export type * from './key-share-model.js';
export type * from './organisation-model.js';
export type * from './rotation-model.js';
export type * from './secret-model.js';
export type * from './secret-payload-model.js';
export type * from './statistics-model.js';
export type * from './team-model.js';
export type * from './user-model.js';
