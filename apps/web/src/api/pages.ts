/** Content pages (`/api/cgu`, `/api/credits`, `/api/infos-previsions`, `/api/avantages-compte`). */
import { queryOptions } from '@tanstack/react-query';
import { Page, type PageSlug } from '@limni/shared/contracts/pages';
import { api } from '../lib/api';

export const pageQuery = (slug: PageSlug) =>
  queryOptions({
    queryKey: ['pages', slug],
    queryFn: ({ signal }) => api(slug, Page, { signal }),
    staleTime: 60 * 60_000,
  });
