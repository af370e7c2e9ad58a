import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/api-error.js';

/**
 * The app's query cache. In memory only: decrypted secrets and profile data are never persisted.
 * Client errors (4xx) are not retried; they will not get better by asking again.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return failureCount < 2;
        },
        refetchOnWindowFocus: false,
      },
    },
  });
}
