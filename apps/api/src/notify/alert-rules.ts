/**
 * Alert rules shared by the alerts API, the subscription path and the evaluation (docs/decisions/055, 058):
 * the default rules of a subscription, the link to a place, and the signed one-click "stop this alert" token.
 */
import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { RegleInput, RegleSuggestion } from '@limni/shared/contracts/alertes';
import { describeRule } from '@limni/shared/domain/alertes';
import { formatValeur } from '@limni/shared/domain/verdict';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Activity of the place links when a rule has none (the web app's default, baignade). */
export const ACTIVITE_LIEN_DEFAUT = 1;

/** Path of the place page in the web app. */
export function lienLieu(lieuId: number, activiteId: number | null): string {
  return `/lieu/${lieuId}/a-${activiteId ?? ACTIVITE_LIEN_DEFAUT}`;
}

/**
 * The rules a new subscription starts with (ADR 055): vigilance changes when the place is on a Vigicrues tronçon;
 * "above the « trop haut » threshold" of the activity with the highest such threshold at the place (H before Q,
 * then the lowest activity id) — the least chatty of the activity thresholds, so a default never alerts for
 * what is merely a little high for fishing.
 */
export async function suggestedRules(db: Db, lieuId: number): Promise<RegleSuggestion[]> {
  const lieu = await db.selectFrom('lieu').select(['troncon_id']).where('id', '=', lieuId).executeTakeFirst();
  if (!lieu) return [];
  const out: RegleSuggestion[] = [];
  if (lieu.troncon_id !== null) {
    const regle: RegleInput = { type: 'vigilance' };
    out.push({
      regle,
      description: describeRule({
        type: 'vigilance',
        grandeur: null,
        seuil: null,
        seuil2: null,
        horizonH: null,
      }),
      raison: 'Le lieu est sur un tronçon surveillé par Vigicrues.',
    });
  }
  const seuils = await db
    .selectFrom('activite_lieu')
    .innerJoin('activite', 'activite.id', 'activite_lieu.activite_id')
    .innerJoin('capteur', (j) =>
      j
        .onRef('capteur.lieu_id', '=', 'activite_lieu.lieu_id')
        .onRef('capteur.grandeur', '=', 'activite_lieu.grandeur'),
    )
    .select([
      'activite_lieu.activite_id',
      'activite.nom',
      'activite_lieu.grandeur',
      'activite_lieu.seuil_haut',
    ])
    .where('activite_lieu.lieu_id', '=', lieuId)
    .where('activite_lieu.seuil_haut', 'is not', null)
    .where('activite_lieu.grandeur', 'in', ['H', 'Q'])
    .execute();
  const best = seuils
    .filter((s): s is typeof s & { grandeur: 'H' | 'Q'; seuil_haut: number } => s.seuil_haut !== null)
    .sort(
      (a, b) =>
        (a.grandeur === 'H' ? 0 : 1) - (b.grandeur === 'H' ? 0 : 1) ||
        b.seuil_haut - a.seuil_haut ||
        a.activite_id - b.activite_id,
    )[0];
  if (best) {
    const regle: RegleInput = {
      type: 'au_dessus',
      grandeur: best.grandeur,
      seuil: best.seuil_haut,
      activite_id: best.activite_id,
    };
    out.push({
      regle,
      description: describeRule({
        ...regle,
        grandeur: best.grandeur,
        seuil: best.seuil_haut,
        seuil2: null,
        horizonH: null,
      }),
      raison: `Seuil «\u00a0trop haut\u00a0» indicatif pour ${best.nom.toLowerCase()} (${formatValeur(best.grandeur, best.seuil_haut, best.grandeur === 'H' ? 'm' : 'm³/s')}).`,
    });
  }
  return out;
}

/** Values of a rule row from its input (fields a type does not use are null). */
export function ruleValues(r: RegleInput) {
  const uses = r.type !== 'vigilance';
  return {
    type: r.type,
    grandeur: uses ? (r.grandeur ?? null) : null,
    seuil: uses ? (r.seuil ?? null) : null,
    seuil2: r.type === 'retour_plage' ? (r.seuil2 ?? null) : null,
    horizon_h: r.type === 'prevision' ? (r.horizon_h ?? null) : null,
    activite_id: r.activite_id ?? null,
  };
}

/**
 * Creates the default rules of a subscription when the user has none on the place yet (a subscription made
 * again after stopping starts from the defaults again; an existing subscription keeps its rules).
 */
export async function createDefaultRules(
  db: Db,
  userId: number,
  lieuId: number,
  now: number,
): Promise<number> {
  const existing = await db
    .selectFrom('alerte_regle')
    .select('id')
    .where('user_id', '=', userId)
    .where('lieu_id', '=', lieuId)
    .limit(1)
    .executeTakeFirst();
  if (existing) return 0;
  const suggestions = await suggestedRules(db, lieuId);
  if (suggestions.length === 0) return 0;
  await db
    .insertInto('alerte_regle')
    .values(
      suggestions.map((s) => ({
        user_id: userId,
        lieu_id: lieuId,
        ...ruleValues(s.regle),
        origine: 'defaut' as const,
        actif: 1 as const,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  return suggestions.length;
}

// One-click stop links (ADR 058): `<rule id>.<HMAC>`, the HMAC binding the rule to its owner and creation time.

function stopSignature(key: Buffer, rule: { id: number; user_id: number; created_at: number }): Buffer {
  return crypto
    .createHmac('sha256', key)
    .update(`limni-stop-alerte:${rule.id}:${rule.user_id}:${rule.created_at}`)
    .digest()
    .subarray(0, 18);
}

export function stopToken(key: Buffer, rule: { id: number; user_id: number; created_at: number }): string {
  return `${rule.id}.${stopSignature(key, rule).toString('base64url')}`;
}

/** The rule id a token names (not yet verified: `verifyStopToken` with the rule's row does that). */
export function stopTokenRuleId(token: string): number | null {
  const m = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{24})$/.exec(token);
  if (!m) return null;
  const id = Number(m[1]);
  return id <= 2_147_483_647 ? id : null;
}

export function verifyStopToken(
  key: Buffer,
  token: string,
  rule: { id: number; user_id: number; created_at: number },
): boolean {
  const sig = token.split('.')[1] ?? '';
  const given = Buffer.from(sig, 'base64url');
  const expected = stopSignature(key, rule);
  return (
    stopTokenRuleId(token) === rule.id &&
    given.length === expected.length &&
    crypto.timingSafeEqual(given, expected)
  );
}

/** Absolute URL of the stop link of a rule. */
export function stopUrl(
  publicUrl: string,
  key: Buffer,
  rule: { id: number; user_id: number; created_at: number },
): string {
  return `${publicUrl}/api/user/alertes/stop/${stopToken(key, rule)}`;
}
