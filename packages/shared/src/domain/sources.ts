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

/**
 * The named origins of an archived daily series (stored with its climatology, shown with the usual range), as the
 * seed and the Hub'Eau backfill write them (French), and their US English. Several origins are stored
 * joined by « ; ».
 */
export const ORIGINES_ARCHIVE_FR = {
  smash: 'smash (INRAE), d’après la Banque HYDRO',
  airGR: 'airGRdatasets (INRAE), d’après CAMELS-FR et la Banque HYDRO',
  hubeauElab: "Hub'Eau (obs_elab, débits moyens journaliers), d’après la Banque HYDRO",
  toulouse: 'hackaviz-2025 (Toulouse Dataviz), d’après HydroPortail : échelles du Pont-Neuf',
} as const;

const ORIGINES_ARCHIVE_EN: Record<keyof typeof ORIGINES_ARCHIVE_FR, string> = {
  smash: 'smash (INRAE), from the Banque HYDRO',
  airGR: 'airGRdatasets (INRAE), from CAMELS-FR and the Banque HYDRO',
  hubeauElab: "Hub'Eau (obs_elab, daily mean flows), from the Banque HYDRO",
  toulouse: 'hackaviz-2025 (Toulouse Dataviz), from HydroPortail: the Pont-Neuf gauges',
};

const ORIGINE_EN = new Map<string, string>(
  (Object.keys(ORIGINES_ARCHIVE_FR) as Array<keyof typeof ORIGINES_ARCHIVE_FR>).map((k) => [
    ORIGINES_ARCHIVE_FR[k],
    ORIGINES_ARCHIVE_EN[k],
  ]),
);

/** A stored origin in `langue`: each known origin in English, any other as it is. */
export function origineArchiveIn(origine: string | null, langue: 'fr' | 'en'): string | null {
  if (origine === null || langue === 'fr') return origine;
  return origine
    .split(' ; ')
    .map((o) => ORIGINE_EN.get(o) ?? o)
    .join('; ');
}
