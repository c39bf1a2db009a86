/**
 * Weather words: WMO weather codes (as sent by Open-Meteo in `weather_code`) in French, and the attribution that
 * must go with Open-Meteo data (CC BY 4.0). Pure, used by the API and the web app.
 */

export const METEO_ATTRIBUTION = 'Données météo : Open-Meteo.com, CC BY 4.0';
export const METEO_SOURCE_URL = 'https://open-meteo.com/';

const WMO_FR: Record<number, string> = {
  0: 'Ciel dégagé',
  1: 'Plutôt dégagé',
  2: 'Partiellement nuageux',
  3: 'Couvert',
  45: 'Brouillard',
  48: 'Brouillard givrant',
  51: 'Bruine légère',
  53: 'Bruine modérée',
  55: 'Bruine dense',
  56: 'Bruine verglaçante légère',
  57: 'Bruine verglaçante dense',
  61: 'Pluie faible',
  63: 'Pluie modérée',
  65: 'Pluie forte',
  66: 'Pluie verglaçante faible',
  67: 'Pluie verglaçante forte',
  71: 'Neige faible',
  73: 'Neige modérée',
  75: 'Neige forte',
  77: 'Grains de neige',
  80: 'Averses faibles',
  81: 'Averses modérées',
  82: 'Averses violentes',
  85: 'Averses de neige faibles',
  86: 'Averses de neige fortes',
  95: 'Orage',
  96: 'Orage avec grêle faible',
  99: 'Orage avec grêle forte',
};

/** French label of a WMO weather code; null for a missing or unknown code. */
export function libelleMeteo(code: number | null | undefined): string | null {
  if (code === null || code === undefined) return null;
  return WMO_FR[code] ?? null;
}
