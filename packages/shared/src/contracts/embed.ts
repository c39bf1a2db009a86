/**
 * The embeddable widget (docs/decisions/123): the query of `/embed/lieu/{id}` and `/embed/entite/{id}` (server-rendered
 * HTML pages made to be framed by other sites), and the oEmbed endpoint `GET /api/oembed` (https://oembed.com, type
 * `rich`) that gives the `<iframe>` of a Limni place or river address.
 */
import * as z from 'zod/mini';
import { EntityIdParams } from './common';

export const EMBED_THEMES = ['clair', 'sombre'] as const;
export const EMBED_LANGS = ['fr', 'en'] as const;
export type EmbedTheme = (typeof EMBED_THEMES)[number];
export type EmbedLang = (typeof EMBED_LANGS)[number];

/** Path of a place's or river's widget. */
export const EmbedParams = EntityIdParams;

/** `?theme=clair|sombre&lang=fr|en&activite=a-3` (an activity: `a-<id>`, as in the place's address, or `<id>`). */
export const EmbedQuery = z.object({
  theme: z._default(z.enum(EMBED_THEMES, 'Le thème doit être « clair » ou « sombre »'), 'clair'),
  lang: z._default(z.enum(EMBED_LANGS, 'La langue doit être « fr » ou « en »'), 'fr'),
  activite: z.optional(
    z.pipe(
      z
        .string()
        .check(z.regex(/^(?:a-)?[1-9]\d{0,8}$/, 'L’activité doit s’écrire a-<numéro> (par exemple a-3)')),
      z.transform((v: string) => Number(v.replace(/^a-/, ''))),
    ),
  ),
});
export type EmbedQuery = z.infer<typeof EmbedQuery>;

/** The widget's default and largest sizes, in CSS pixels (the « Intégrer » dialog offers these). */
export const EMBED_SIZES = [
  { width: 320, height: 180 },
  { width: 400, height: 220 },
] as const;
export const EMBED_DEFAULT_SIZE = EMBED_SIZES[1];
export const EMBED_MIN_SIZE = { width: 200, height: 120 } as const;
export const EMBED_MAX_SIZE = { width: 1200, height: 800 } as const;

/** A size in CSS pixels in a query (`maxwidth=400`). */
const dimension = z.optional(
  z.pipe(
    z
      .string()
      .check(z.regex(/^[1-9]\d{0,4}$/, 'La dimension doit être un nombre entier de pixels (1 à 99999)')),
    z.transform((v: string) => Number(v)),
  ),
);

/** `GET /api/oembed?url=…&maxwidth=&maxheight=&format=json`. */
export const OEmbedQuery = z.object({
  url: z.string().check(z.minLength(1, 'Le paramètre url est obligatoire'), z.maxLength(2000)),
  maxwidth: dimension,
  maxheight: dimension,
  format: z._default(
    z.enum(['json', 'xml'], 'Le format doit être « json » (ou « xml », non pris en charge)'),
    'json',
  ),
});
export type OEmbedQuery = z.infer<typeof OEmbedQuery>;

/** The oEmbed answer (version 1.0, type `rich`): the widget's `<iframe>` and its size. */
export const OEmbedResponse = z.object({
  version: z.literal('1.0'),
  type: z.literal('rich'),
  title: z.string(),
  provider_name: z.literal('Limni'),
  provider_url: z.string(),
  cache_age: z.int(),
  html: z.string(),
  width: z.int(),
  height: z.int(),
});
export type OEmbedResponse = z.infer<typeof OEmbedResponse>;
