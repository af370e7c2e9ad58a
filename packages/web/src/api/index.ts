// The one API client of the web app (spec section 7). Import from here, not from the files.

export { accessRefused } from './access-refused-event.js';
export { requestOrThrow, requestRaw } from './api-client.js';
export { ApiError, serverMessageOf } from './api-error.js';
export type { QueryValue, RawResponse, RequestOptions } from './api-types.js';
export { readErrorMessage } from './error-message.js';
export type { FormObject, FormValue } from './form-body.js';
export { toFormBody } from './form-body.js';
export { SIGNATURE_EXPIRED, sessionExpired } from './session-expired-event.js';
