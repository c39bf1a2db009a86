/**
 * The sensors' names in US English, by the French name the seed and the ingestion write: the database
 * keeps the French ones, the web app shows these when the page is in English. `capteurs-en.test.ts` (API) checks
 * every name the seeded database holds has one.
 */
export const CAPTEURS_EN: Readonly<Record<string, string>> = {
  "Hauteur d'eau": 'Water level',
  'Niveau du lac (altitude)': 'Lake level (elevation)',
  Débit: 'Flow',
  'Débit moyen journalier': 'Daily mean flow',
  'Débit moyen horaire': 'Hourly mean flow',
  'Hauteur maximale journalière': 'Daily maximum water level',
  "Température de l'eau": 'Water temperature',
};

/** A sensor's name in `langue`: its English when one is known, else as stored. */
export function nomCapteurIn(libelle: string, langue: 'fr' | 'en'): string {
  return (langue === 'en' && CAPTEURS_EN[libelle]) || libelle;
}
