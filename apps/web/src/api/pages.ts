/**
 * Content pages (`/api/cgu`, `/api/credits`, `/api/infos-previsions`, `/api/avantages-compte`), in the chosen
 * language (the API answers its English version to `Accept-Language: en`): the language is part of the key.
 */
import { queryOptions } from '@tanstack/react-query';
import { Page, type PageSlug } from '@limni/shared/contracts/pages';
import { api } from '../lib/api';
import { currentLangue } from '../lib/i18n';

export const pageQuery = (slug: PageSlug) =>
  queryOptions({
    queryKey: ['pages', slug, currentLangue()],
    queryFn: ({ signal }) => api(slug, Page, { signal }),
    staleTime: 60 * 60_000,
  });
