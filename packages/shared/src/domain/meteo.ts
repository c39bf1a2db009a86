/**
 * Weather words: WMO weather codes (as sent by Open-Meteo in `weather_code`) in French and in US English, and the
 * attribution that must go with Open-Meteo data (CC BY 4.0). Pure, used by the API and the web app.
 */

export const METEO_ATTRIBUTION = 'Données météo : Open-Meteo.com, CC BY 4.0';
export const METEO_ATTRIBUTION_EN = 'Weather data: Open-Meteo.com, CC BY 4.0';
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

const WMO_EN: Record<keyof typeof WMO_FR, string> = {
  0: 'Clear sky',
  1: 'Mainly clear',
  2: 'Partly cloudy',
  3: 'Overcast',
  45: 'Fog',
  48: 'Freezing fog',
  51: 'Light drizzle',
  53: 'Moderate drizzle',
  55: 'Dense drizzle',
  56: 'Light freezing drizzle',
  57: 'Dense freezing drizzle',
  61: 'Light rain',
  63: 'Moderate rain',
  65: 'Heavy rain',
  66: 'Light freezing rain',
  67: 'Heavy freezing rain',
  71: 'Light snow',
  73: 'Moderate snow',
  75: 'Heavy snow',
  77: 'Snow grains',
  80: 'Light showers',
  81: 'Moderate showers',
  82: 'Violent showers',
  85: 'Light snow showers',
  86: 'Heavy snow showers',
  95: 'Thunderstorm',
  96: 'Thunderstorm with light hail',
  99: 'Thunderstorm with heavy hail',
};

/** The label of a WMO weather code (French by default); null for a missing or unknown code. */
export function libelleMeteo(code: number | null | undefined, langue: 'fr' | 'en' = 'fr'): string | null {
  if (code === null || code === undefined) return null;
  return (langue === 'en' ? WMO_EN : WMO_FR)[code] ?? null;
}

/** Both tables name the same codes (for the key-parity test). */
export const WMO_CODES = { fr: Object.keys(WMO_FR), en: Object.keys(WMO_EN) };
