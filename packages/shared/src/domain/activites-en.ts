/**
 * The activities' names and descriptions in US English, by slug: the database keeps the French ones, the
 * web app shows these when the page is in English. `activites-en.test.ts` (API) checks every seeded slug has one.
 */
export const ACTIVITES_EN: Readonly<Record<string, { nom: string; description: string }>> = {
  baignade: {
    nom: 'Swimming',
    description:
      'Swimming in a lake: calm water, neither too high nor muddied by a flood, by accessible beaches.',
  },
  peche: {
    nom: 'Fishing',
    description:
      'Fishing from the bank or a boat: the high, murky water of a flood makes fishing hard and the banks dangerous.',
  },
  'canoe-kayak': {
    nom: 'Canoeing and kayaking',
    description:
      'Running a river or crossing a lake by canoe or kayak: enough water to get through, not so much that the boat gets away from you.',
  },
  voile: {
    nom: 'Sailing',
    description: 'Sailing on a lake: harbours, slipways and pontoons must stay usable.',
  },
  aviron: {
    nom: 'Rowing',
    description:
      'Rowing on a lake or a large slow river: a weak current and a near-usual level are essential.',
  },
  'stand-up-paddle': {
    nom: 'Stand-up paddle',
    description: 'Paddling standing on a board: for calm water only, far from flood currents.',
  },
};
