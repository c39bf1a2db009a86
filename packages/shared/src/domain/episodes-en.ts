/**
 * The recorded episodes' names in US English, keyed by their code (docs/decisions/088, 146): the database keeps the
 * French name the seed writes (`seed/steps/episodes.ts`), the web app shows this one when the page is in English.
 * `seed/steps/episodes-en.test.ts` (API) checks every seeded episode has one.
 */
export const EPISODES_EN: Readonly<Record<string, string>> = {
  'loire-2024-12': 'Forecast flood of the Loire, December 11–16, 2024',
};
