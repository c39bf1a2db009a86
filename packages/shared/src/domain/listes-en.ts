/**
 * The mailing lists' names and descriptions in US English, keyed by their French name as seeded: the web
 * app shows these when the page is in English. `listes-en.test.ts` (API) checks every seeded list has one.
 */
export const LISTES_SIB_EN: Readonly<Record<string, { nom: string; description: string }>> = {
  'La lettre de Limni': {
    nom: 'The Limni letter',
    description:
      'Once a month: the state of the lakes and rivers you follow, the month’s notable events and a selection of the community’s photos.',
  },
  'Étiages et crues : le point de saison': {
    nom: 'Low water and floods: the season’s outlook',
    description:
      'In spring and at the end of summer: the low water and floods to expect, the water-use restrictions in force and safety advice for water sports.',
  },
  'Nouveautés de Limni': {
    nom: 'What’s new on Limni',
    description:
      'A few times a year: the site’s new features, and invitations to try the next ones before everyone else.',
  },
};
