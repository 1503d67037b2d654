import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client.js';

const MAX_RETRIES = 2;

// A 4xx will not change by asking again; network failures and 5xx might.
const shouldRetry = (failureCount: number, error: unknown): boolean =>
  failureCount < MAX_RETRIES && !(isApiError(error) && error.status >= 400 && error.status < 500);

export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
