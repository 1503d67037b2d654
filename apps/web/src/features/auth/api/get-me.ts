import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import { useApiClient } from '../../../lib/api-client-context.js';

/** The signed-in user as the API sees them, from the verified access token. */
export type Me = {
  sub: string;
  email?: string | null;
  roles: string[];
};

export const ME_PATH = '/api/me';

export const meKeys = {
  all: ['me'] as const,
};

export const getMe = (api: ApiClient, signal?: AbortSignal): Promise<Me> =>
  api.get<Me>(ME_PATH, signal ? { signal } : {});

export const meQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: meKeys.all,
    queryFn: ({ signal }) => getMe(api, signal),
  });

export const useMe = ({ enabled = true }: { enabled?: boolean } = {}) => {
  const api = useApiClient();
  return useQuery({ ...meQueryOptions(api), enabled });
};
