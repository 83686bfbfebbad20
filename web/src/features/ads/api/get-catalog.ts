import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/api-paths';
import { fetchFrom } from '@/lib/query-client';
import type { Catalog } from './types';

/** GET /api/ads/catalog: runs, prices, image limits and whether payment works. */
export function catalogQueryOptions() {
  return queryOptions({
    queryKey: ['ads', 'catalog'],
    queryFn: fetchFrom<Catalog>(apiPaths.adsCatalog),
  });
}

export function useCatalog() {
  return useQuery(catalogQueryOptions());
}
