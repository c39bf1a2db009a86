/** The names of the data sources stored in `capteur.source`, as shown to people (docs/decisions/123). */
export const SOURCE_NOMS: Record<string, string> = {
  hubeau: 'Hub’Eau',
  'hubeau-elab': 'Hub’Eau',
  hydroportail: 'HydroPortail',
  vigicrues: 'Vigicrues',
  ofev: 'OFEV / BAFU',
};

/** The name of a source code; an unknown code is shown as it is stored. */
export const sourceNom = (code: string): string => SOURCE_NOMS[code] ?? code;
