// The one API client of the web app (spec section 7). Import from here, not from the files.

export { request, requestOrThrow, requestRaw } from './api-client.js';
export { ApiError } from './api-error.js';
export type { QueryValue, RawResponse, RequestOptions, RequestResult } from './api-types.js';
export { REQUEST_FAILED } from './api-types.js';
export { readErrorMessage } from './error-message.js';
export type { FormObject, FormValue } from './form-body.js';
export { toFormBody } from './form-body.js';
export { SIGNATURE_EXPIRED, sessionExpired } from './session-expired-event.js';
