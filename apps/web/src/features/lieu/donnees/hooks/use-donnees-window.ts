/**
 * What the Données tab shows, read from and written to the address (`?date=&jours=&g=`, docs/decisions/042):
 * the period (24 h, 7 j, 30 j, 1 an; 5 ans and « tout » from the daily archive, ADR 087; default 7), the end day (clamped to the place's date range; default its end) and
 * the quantity (default the first of the place's sensors that has data). A default is never written to the address.
 */
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { LieuDetail } from '@limni/shared/contracts/hydro';
import { DAY_MS, isIsoDay } from '@limni/shared/domain/time';
import type { Grandeur } from '@limni/shared/domain/units';
import { sortCapteurs } from '../../../hydro';

/** Days of each period; 0 = the whole archive. */
export const PERIODES = [1, 7, 30, 365, 1826, 0] as const;
export type Periode = (typeof PERIODES)[number];
/** Periods served from the daily archive (`archive/{date}/{5|tout}`) instead of raw readings. */
export const ARCHIVE_PERIODES: Partial<Record<Periode, '5' | 'tout'>> = { 1826: '5', 0: 'tout' };
/** Periods offered only to places with a daily archive. */
export const isLongPeriode = (p: Periode): boolean => p > 30 || p === 0;
const DEFAULT_PERIODE: Periode = 7;

export function clampDay(day: string, min: string, max: string): string {
  return day < min ? min : day > max ? max : day;
}

export interface DonneesWindow {
  /** The quantities of the place's sensors, in display order. */
  grandeurs: Grandeur[];
  jours: Periode;
  /** The end day, `YYYY-MM-DD` (Europe/Paris). */
  date: string;
  g: Grandeur;
  /** The end day is the end of the range: "24 h" then means the last 24 hours of observations. */
  latest: boolean;
  /** Days asked to the API (one more at the end of the range, for the last `jours` × 24 h). */
  nbFetch: number;
  setJours: (jours: Periode) => void;
  /** Any day: clamped to the range. */
  setDate: (day: string) => void;
  setGrandeur: (g: Grandeur) => void;
}

export function useDonneesWindow(lieu: LieuDetail, jourDebut: string, jourFin: string): DonneesWindow {
  const [params, setParams] = useSearchParams();
  const grandeurs = useMemo(
    () => [...new Set(sortCapteurs(lieu.capteurs).map((c) => c.grandeur))],
    [lieu.capteurs],
  );
  const jours: Periode = PERIODES.find((p) => String(p) === params.get('jours')) ?? DEFAULT_PERIODE;
  const rawDate = params.get('date');
  const date = rawDate && isIsoDay(rawDate) ? clampDay(rawDate, jourDebut, jourFin) : jourFin;
  // Default: the first quantity that has data (a place with an empty level sensor and 20 years of flows shows flows).
  const defaultG: Grandeur =
    grandeurs.find((x) => lieu.capteurs.some((c) => c.grandeur === x && c.premier_ts !== null)) ??
    grandeurs[0] ??
    'H';
  const g: Grandeur = grandeurs.find((x) => x === params.get('g')) ?? defaultG;
  const latest = date === jourFin;

  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
  };

  return {
    grandeurs,
    jours,
    date,
    g,
    latest,
    nbFetch: ARCHIVE_PERIODES[jours] ? 366 : Math.min(latest ? jours + 1 : jours, 366),
    setJours: (p) => setParam('jours', p === DEFAULT_PERIODE ? null : String(p)),
    setDate: (day) => {
      const next = clampDay(day, jourDebut, jourFin);
      setParam('date', next === jourFin ? null : next);
    },
    setGrandeur: (x) => setParam('g', x === defaultG ? null : x),
  };
}

export interface Fenetre {
  debut: number;
  fin: number;
}

/**
 * The window drawn: the last `jours` × 24 h of observations at the end of the range (`derniere`: the last
 * observation of the place), else the days the API answered.
 */
export function fenetreOf(
  answered: { debut: number; fin: number } | undefined,
  view: Pick<DonneesWindow, 'latest' | 'jours'>,
  derniere: number,
): Fenetre | null {
  if (!answered) return null;
  return view.latest && !ARCHIVE_PERIODES[view.jours]
    ? { debut: derniere - view.jours * DAY_MS, fin: derniere }
    : { debut: answered.debut, fin: answered.fin };
}
