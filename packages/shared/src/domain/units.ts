/** Unit conversions applied once, at ingestion (Hub'Eau: H in mm, Q in l/s; Limni stores m and m³/s). */

export const mmToM = (mm: number): number => mm / 1000;
export const lpsToM3s = (lps: number): number => lps / 1000;

export type Grandeur = 'H' | 'Q' | 'T';

export const UNITE_PAR_GRANDEUR: Record<Grandeur, string> = { H: 'm', Q: 'm³/s', T: '°C' };

/**
 * A formatted number's sign as typography wants it, in both languages: the minus sign U+2212 (« −0,04 »), never the
 * hyphen `Intl.NumberFormat` writes, and no sign on a value that rounds to zero (« 0,00 », not « -0,00 »).
 */
export function typographicSign(formatted: string): string {
  if (!formatted.startsWith('-')) return formatted;
  return /[1-9]/.test(formatted) ? `\u2212${formatted.slice(1)}` : formatted.slice(1);
}
