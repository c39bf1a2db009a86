/** Contracts of the content pages (`/api/cgu`, `/api/credits`, `/api/infos-previsions`, `/api/avantages-compte`). */
import * as z from 'zod/mini';
import { EpochMs } from './common';

export const PAGE_SLUGS = ['cgu', 'credits', 'infos-previsions', 'avantages-compte'] as const;
export const PageSlug = z.enum(PAGE_SLUGS);
export type PageSlug = z.infer<typeof PageSlug>;

export const Page = z.object({
  slug: PageSlug,
  titre: z.string(),
  /** The source text (Markdown, no raw HTML). */
  markdown: z.string(),
  /** HTML rendered by the server from that Markdown; safe to insert (raw HTML is stripped before rendering). */
  html: z.string(),
  updated_at: EpochMs,
  /** The language of this text: `en` when its English version was asked and exists, else `fr`. */
  langue: z.optional(z.enum(['fr', 'en'])),
});
export type Page = z.infer<typeof Page>;
