/**
 * The Vigicrues vigilance in force on tronçons over a period (docs/decisions/016). Shared by every feature that
 * judges a place at a date (activity verdicts; alerts may use it too). Not a feature itself.
 *
 * What we know about a tronçon's level over time: its current level (`troncon.niveau`, published at
 * `niveau_ts`) and the `alerte` rows Vigicrues changes created (`scope = 'troncon'`, `source = 'vigicrues'`,
 * from `debut`, until `fin` when known). Each of these holds from its start until its own end or until the next
 * one starts on the same tronçon (a later bulletin replaces an earlier one, even when an alert was never closed).
 */
import type { Kysely } from 'kysely';
import { VIGILANCE_VALIDITE_MS } from '@limni/shared/domain/vigilance';
import type { Database } from '../db/schema';
import { tronconsNiveaux, vigicruesAlertes } from './vigilance.repo';

export interface NiveauPublie {
  niveau: number;
  /** Publication (start) time. */
  debut: number;
  /** Explicit end, when known. */
  fin: number | null;
}

/**
 * The highest level in force at any moment of [fromMs, atMs] among the published levels of ONE tronçon, with
 * the publication time of that level; null when nothing was in force. Pure.
 */
export function niveauEnVigueur(
  publies: readonly NiveauPublie[],
  fromMs: number,
  atMs: number,
): { niveau: number; ts: number } | null {
  const sorted = [...publies].sort((a, b) => a.debut - b.debut);
  let best: { niveau: number; ts: number } | null = null;
  for (const [i, p] of sorted.entries()) {
    const next = sorted[i + 1]?.debut ?? Infinity;
    const end = Math.min(p.fin ?? Infinity, next);
    const inForce = p.debut <= atMs && end > fromMs && end > p.debut;
    if (inForce && (!best || p.niveau > best.niveau || (p.niveau === best.niveau && p.debut > best.ts))) {
      best = { niveau: p.niveau, ts: p.debut };
    }
  }
  return best;
}

export interface VigilanceTroncon {
  troncon_id: number;
  code: string;
  nom: string;
  niveau: number;
  /** When that level was published. */
  ts: number;
}

/** Each tronçon with every level Limni knows it was published at up to `atMs` (its alerts and its latest level). */
async function publiesParTroncon(
  db: Kysely<Database>,
  tronconIds: readonly number[],
  atMs: number,
): Promise<Array<{ troncon: Awaited<ReturnType<typeof tronconsNiveaux>>[number]; publies: NiveauPublie[] }>> {
  const ids = [...new Set(tronconIds)];
  if (ids.length === 0) return [];
  const [troncons, alertes] = await Promise.all([tronconsNiveaux(db, ids), vigicruesAlertes(db, ids, atMs)]);
  return troncons.map((t) => {
    const publies: NiveauPublie[] = alertes
      .filter((a) => a.scope_id === t.id)
      .map((a) => ({ niveau: a.niveau, debut: a.debut, fin: a.fin }));
    if (t.niveau !== null && t.niveau_ts !== null) publies.push({ niveau: t.niveau, debut: t.niveau_ts, fin: null });
    return { troncon: t, publies };
  });
}

/** For each tronçon, the highest Vigicrues level in force at some moment of [fromMs, atMs] (absent: unknown). */
export async function vigilanceEnVigueur(
  db: Kysely<Database>,
  tronconIds: readonly number[],
  fromMs: number,
  atMs: number,
): Promise<Map<number, VigilanceTroncon>> {
  const out = new Map<number, VigilanceTroncon>();
  for (const { troncon: t, publies } of await publiesParTroncon(db, tronconIds, atMs)) {
    const best = niveauEnVigueur(publies, fromMs, atMs);
    if (best) out.set(t.id, { troncon_id: t.id, code: t.code, nom: t.nom, ...best });
  }
  return out;
}

/**
 * The Vigicrues bulletin valid at `atMs` on one tronçon (docs/decisions/094, 142): the highest level in force then
 * among those published at most 24 hours before it (`VIGILANCE_VALIDITE_MS`); null when no bulletin Limni knows of
 * describes that instant. A replay asks it at its simulated instant.
 */
export async function bulletinValideA(
  db: Kysely<Database>,
  tronconId: number,
  atMs: number,
): Promise<{ niveau: number; ts: number } | null> {
  return (await bulletinsValidesA(db, [tronconId], atMs)).get(tronconId) ?? null;
}

/** `bulletinValideA` for several tronçons at once: absent from the map, no bulletin known for that instant. */
export async function bulletinsValidesA(
  db: Kysely<Database>,
  tronconIds: readonly number[],
  atMs: number,
): Promise<Map<number, { niveau: number; ts: number }>> {
  const out = new Map<number, { niveau: number; ts: number }>();
  for (const { troncon, publies } of await publiesParTroncon(db, tronconIds, atMs)) {
    const best = niveauEnVigueur(
      publies.filter((p) => p.debut <= atMs && atMs - p.debut <= VIGILANCE_VALIDITE_MS),
      atMs,
      atMs,
    );
    if (best) out.set(troncon.id, best);
  }
  return out;
}
