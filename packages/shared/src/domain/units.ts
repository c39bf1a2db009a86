/** Unit conversions applied once, at ingestion (Hub'Eau: H in mm, Q in l/s; Limni stores m and m³/s). */

export const mmToM = (mm: number): number => mm / 1000;
export const lpsToM3s = (lps: number): number => lps / 1000;

export type Grandeur = 'H' | 'Q' | 'T';

export const UNITE_PAR_GRANDEUR: Record<Grandeur, string> = { H: 'm', Q: 'm³/s', T: '°C' };
