import { GENERIC_ERROR_MESSAGE } from '../errors/app-error.js';

/** What an error answer carries: the spec's request helper reads `errors[0]` on 400/401, `error` otherwise. */
export interface ErrorBody {
  errors?: string[];
  error?: string;
  /** A bulk request's refused item (its position in the request). */
  index?: number;
}

/**
 * The one place that shapes error answers:
 * 400, 413, 415, 429 → {errors: [message]}; 401 → {errors: [message], error: message};
 * 403, 404, 409 → {error: message}; 5xx → {errors: [generic message]}. A bulk request's refusal of
 * one item adds its `index` to the 4xx shapes.
 */
export function buildErrorBody(status: number, message: string, index?: number): ErrorBody {
  if (status >= 500) return { errors: [GENERIC_ERROR_MESSAGE] };
  if (index !== undefined) return { ...buildErrorBody(status, message), index };
  if (status === 401) return { errors: [message], error: message };
  if (status === 403 || status === 404 || status === 409) return { error: message };
  return { errors: [message] };
}
