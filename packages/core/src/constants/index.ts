// Business constants and pure formatting helpers (spec sections 4 and 9).
export * from './account-mail.js';
export * from './country-list.js';
export * from './export-constants.js';
export * from './format-helpers.js';
export * from './inactivity-constants.js';
export * from './layout-constants.js';
export * from './length-constants.js';
export * from './list-orders.js';
export * from './paging-constants.js';
export * from './payment-countries.js';
export * from './plan-constants.js';
export * from './secret-api-messages.js';
export * from './secret-categories.js';
export * from './secret-extras-constants.js';
export * from './session-constants.js';
export * from './timing-constants.js';
export * from './url-protocols.js';
