/**
 * The one owner of abonnements and alert rules (docs/decisions/055, 068, 069): following a place (`abonner`:
 * the limit and the default rules in one transaction holding the user's lock), stopping and pausing; the rules of
 * a place as the « M'alerter » dialog needs them, their checks, the creation transaction, changes, deletion and
 * the one-click stop link of e-mails; the replay state of the banner.
 */
import {
  MAX_ABONNEMENTS,
  MAX_REGLES_PAR_LIEU,
  regleInputProblems,
  type AbonnementLieu,
  type LieuAlertes,
  type Regle,
  type RegleInput,
  type RegleUpdateBody,
} from '@limni/shared/contracts/alertes';
import type { ReplayStatus } from '@limni/shared/contracts/replay';
import type { AppDeps } from '../../deps';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import type { Langue } from '../../http/langue';
import { champ, type Texte } from '../../http/texte';
import { abonnementsOf } from '../../data/abonnements.repo';
import * as repo from './alertes.repo';
import { userLangues } from './evaluation.repo';
import { langueCompte } from './notification-texts';
import { ALERTES } from './alertes.messages';
import { defaultRegles, lienLieu, regleValues, sameRegle } from './regles';
import { stopTokenRegleId, verifyStopToken } from './stop-link';
import type { StopPageRegle } from './stop-page';
import { contractText, inconnu } from '../../http/messages';

export type AlertesDeps = Pick<AppDeps, 'db' | 'now'>;

const lieuInconnu = (id: number) => notFound(inconnu('lieu', id));
const regleInconnue = () => notFound(ALERTES.regleInconnue);
const nonAbonne = () => notFound(ALERTES.nonAbonne);

/** The first problem of a rule, for the error's message (the shared contract writes them in French). */
function premier(problems: Record<string, string[]>): Texte {
  const first = Object.values(problems)[0]?.[0];
  return first === undefined ? ALERTES.alerteInvalide : contractText(first);
}

async function lieuOr404(deps: AlertesDeps, lieuId: number) {
  const lieu = await repo.lieuInfo(deps.db.db, lieuId);
  if (!lieu) throw lieuInconnu(lieuId);
  return lieu;
}

// Abonnements.

/**
 * Follows a place, in a transaction holding the user's abonnement lock (so the count and the writes hold under
 * concurrency): 409 beyond MAX_ABONNEMENTS places; an existing abonnement becomes active again; a new one starts
 * with the default rules when `defaultRegles` (ADR 055). Every path that follows a place goes through here.
 * Returns whether the abonnement is new.
 */
export async function abonner(
  trx: repo.AbonnementsTrx,
  userId: number,
  lieu: { id: number; troncon_id: number | null },
  now: number,
  opts: { defaultRegles: boolean },
): Promise<boolean> {
  const existing = await repo.findAbonnement(trx, userId, lieu.id);
  if (!existing && (await repo.countAbonnements(trx, userId)) >= MAX_ABONNEMENTS) {
    throw conflict(ALERTES.maxAbonnements);
  }
  await repo.upsertAbonnement(trx, userId, lieu.id, now);
  if (!existing && opts.defaultRegles) {
    // A new abonnement has no rule yet (rules are deleted with the abonnement they belong to).
    const defaults = defaultRegles(lieu, await repo.seuilsHauts(trx, lieu.id));
    await repo.insertRegles(
      trx,
      defaults.map((s) => ({
        user_id: userId,
        lieu_id: lieu.id,
        ...regleValues(s.regle),
        origine: 'defaut' as const,
        actif: 1 as const,
      })),
      now,
    );
  }
  return !existing;
}

export type AbonnementAction = 'suivre' | 'arreter' | 'basculer';

/**
 * `user/crea-abonnement` (follow, with the default rules when new), `stop-abonnement` (its rules go with it),
 * `toggle-abonnement` (notifications paused or back): the places followed afterwards.
 */
export async function changeAbonnement(
  deps: AlertesDeps,
  userId: number,
  lieuId: number,
  action: AbonnementAction,
): Promise<AbonnementLieu[]> {
  const lieu = await lieuOr404(deps, lieuId);
  await repo.withAbonnementsLock(deps.db, userId, async (trx) => {
    if (action === 'suivre') {
      await abonner(trx, userId, lieu, deps.now(), { defaultRegles: true });
    } else if (action === 'arreter') {
      if (!(await repo.deleteAbonnement(trx, userId, lieuId))) throw nonAbonne();
    } else {
      const current = await repo.findAbonnement(trx, userId, lieuId);
      if (!current) throw nonAbonne();
      await repo.setAbonnementActif(trx, userId, lieuId, current.actif === 1 ? 0 : 1);
    }
  });
  return abonnementsOf(deps.db.db, userId);
}

// Rules.

export async function userRegles(deps: AlertesDeps, userId: number, langue: Langue = 'fr'): Promise<Regle[]> {
  return repo.userRegles(deps.db.db, userId, langue);
}

/** What the « M'alerter » dialog needs: the place, the abonnement, the rules, what is possible, the defaults. */
export async function lieuAlertes(
  deps: AlertesDeps,
  userId: number,
  lieuId: number,
  langue: Langue = 'fr',
): Promise<LieuAlertes> {
  const db = deps.db.db;
  const lieu = await lieuOr404(deps, lieuId);
  const [abo, regles, grandeurs, refusal, seuils] = await Promise.all([
    repo.findAbonnement(db, userId, lieuId),
    repo.lieuRegles(db, userId, lieuId, langue),
    repo.lieuGrandeurs(db, lieuId),
    repo.previsionRefusal(db, userId),
    repo.seuilsHauts(db, lieuId),
  ]);
  return {
    lieu: { id: lieu.id, nom: lieu.libelle },
    abonne: abo !== undefined,
    abonnement_actif: abo?.actif === 1,
    regles,
    grandeurs,
    vigilance_possible: lieu.troncon_id !== null,
    prevision_possible: refusal === null,
    prevision_raison: refusal === null ? null : ALERTES[refusal][langue],
    suggestions: defaultRegles(lieu, seuils, langue),
  };
}

/** 400/403 for a rule that the place or the account cannot have (`field`: prefix of the error fields). */
async function checkRegle(
  deps: AlertesDeps,
  userId: number,
  lieu: { troncon_id: number | null },
  grandeurs: Array<{ grandeur: 'H' | 'Q' }>,
  r: RegleInput,
  field: string,
): Promise<void> {
  const problems = regleInputProblems(r);
  const keys = Object.keys(problems);
  if (keys.length > 0) {
    const fields = Object.fromEntries(
      Object.entries(problems).map(([k, v]) => [`${field}${k}`, v.map(contractText)]),
    );
    throw badRequest(premier(problems), fields);
  }
  if (r.type === 'vigilance') {
    if (lieu.troncon_id === null) {
      throw badRequest(ALERTES.sansTroncon, champ(`${field}type`, ALERTES.sansTroncon));
    }
  } else if (r.grandeur && !grandeurs.some((g) => g.grandeur === r.grandeur)) {
    const message = ALERTES.neMesurePas(r.grandeur);
    throw badRequest(message, champ(`${field}grandeur`, message));
  }
  if (r.type === 'prevision') {
    const refusal = await repo.previsionRefusal(deps.db.db, userId);
    if (refusal) throw forbidden(ALERTES[refusal]);
  }
  if (r.activite_id != null && !(await repo.activiteExists(deps.db.db, r.activite_id))) {
    const message = inconnu('activite', r.activite_id);
    throw badRequest(message, champ(`${field}activite_id`, message));
  }
}

/** 409 when the place would hold too many rules, or twice the same one (`regles.{i}.type` names which). */
async function checkRoomFor(
  trx: repo.Trx,
  userId: number,
  lieuId: number,
  values: ReturnType<typeof regleValues>[],
): Promise<void> {
  const existing = await repo.lieuRegles(trx, userId, lieuId);
  if (existing.length + values.length > MAX_REGLES_PAR_LIEU) {
    throw conflict(ALERTES.maxRegles);
  }
  for (const [i, v] of values.entries()) {
    const twin = existing.some((e) => sameRegle(v, e)) || values.slice(0, i).some((w) => sameRegle(v, w));
    if (twin) {
      const message = ALERTES.dejaCetteAlerte({ ...v, horizonH: v.horizon_h });
      throw conflict(message, champ(`regles.${i}.type`, message));
    }
  }
}

/**
 * `POST user/alertes/lieu/{id}`: checks every rule, then in one locked transaction follows the place (without
 * default rules: the user chose theirs; a paused abonnement is switched back on), checks room and twins and
 * inserts the rules. Answers the dialog's data as they are now.
 */
export async function addRegles(
  deps: AlertesDeps,
  userId: number,
  lieuId: number,
  inputs: RegleInput[],
  langue: Langue = 'fr',
): Promise<LieuAlertes> {
  const lieu = await lieuOr404(deps, lieuId);
  const grandeurs = await repo.lieuGrandeurs(deps.db.db, lieuId);
  for (const [i, r] of inputs.entries()) await checkRegle(deps, userId, lieu, grandeurs, r, `regles.${i}.`);
  const now = deps.now();
  const values = inputs.map(regleValues);
  await repo.withAbonnementsLock(deps.db, userId, async (trx) => {
    await abonner(trx, userId, lieu, now, { defaultRegles: false });
    await checkRoomFor(trx, userId, lieuId, values);
    await repo.insertRegles(
      trx,
      values.map((v, i) => ({
        user_id: userId,
        lieu_id: lieuId,
        ...v,
        origine: 'utilisateur' as const,
        actif: inputs[i]?.actif === false ? (0 as const) : (1 as const),
      })),
      now,
    );
  });
  return lieuAlertes(deps, userId, lieuId, langue);
}

/** `PATCH user/alertes/regles/{id}`: on/off and new numbers (type and quantity stay). */
export async function updateRegle(
  deps: AlertesDeps,
  userId: number,
  id: number,
  b: RegleUpdateBody,
  langue: Langue = 'fr',
): Promise<Regle> {
  const db = deps.db.db;
  const current = await repo.findRegle(db, userId, id);
  if (!current) throw regleInconnue();
  const merged: RegleInput = {
    type: current.type,
    grandeur: current.grandeur,
    seuil: b.seuil ?? current.seuil,
    seuil2: b.seuil2 ?? current.seuil2,
    horizon_h: b.horizon_h ?? current.horizon_h,
  };
  const problems = regleInputProblems(merged);
  const keys = Object.keys(problems);
  if (keys.length > 0) {
    throw badRequest(
      premier(problems),
      Object.fromEntries(Object.entries(problems).map(([k, v]) => [k, v.map(contractText)])),
    );
  }
  const values = regleValues(merged);
  const numbersChanged =
    values.seuil !== current.seuil ||
    values.seuil2 !== current.seuil2 ||
    values.horizon_h !== current.horizon_h;
  const reactivated = b.actif === true && current.actif === 0;
  if (current.type === 'prevision' && (reactivated || numbersChanged)) {
    const refusal = await repo.previsionRefusal(db, userId);
    if (refusal) throw forbidden(ALERTES[refusal]);
  }
  if (numbersChanged) {
    const twin = (await repo.lieuRegles(db, userId, current.lieu_id)).some(
      (e) => e.id !== current.id && sameRegle(values, e),
    );
    if (twin) throw conflict(ALERTES.identique);
  }
  // New numbers, or back from a pause: the rule looks at the data afresh (no stale side, no old crossing).
  await repo.updateRegle(
    db,
    current.id,
    {
      seuil: values.seuil,
      seuil2: values.seuil2,
      horizon_h: values.horizon_h,
      ...(b.actif !== undefined ? { actif: b.actif ? (1 as const) : (0 as const) } : {}),
    },
    numbersChanged || reactivated,
    deps.now(),
  );
  const updated = await repo.findRegle(db, userId, current.id);
  if (!updated) throw regleInconnue();
  return repo.toRegle(updated, langue);
}

export async function deleteRegle(deps: AlertesDeps, userId: number, id: number): Promise<void> {
  if (!(await repo.deleteRegle(deps.db.db, userId, id))) throw regleInconnue();
}

// The one-click stop link (ADR 058).

/** The rule a stop token names, when the token is genuine and the rule still exists; else null. */
export async function stopLinkRegle(
  deps: AlertesDeps & Pick<AppDeps, 'secrets'>,
  jeton: string,
): Promise<repo.RuleRow | null> {
  const id = stopTokenRegleId(jeton);
  const regle = id === null ? undefined : await repo.regleById(deps.db.db, id);
  return regle && verifyStopToken(deps.secrets.alertKey, jeton, regle) ? regle : null;
}

/** What the stop pages say about a rule, in the language of its account: its sentence, the place, the link to it. */
export async function stopPageRegle(deps: AlertesDeps, regle: repo.RuleRow): Promise<StopPageRegle> {
  const langue = langueCompte((await userLangues(deps.db.db, [regle.user_id])).get(regle.user_id));
  return {
    langue,
    description: repo.toRegle(regle, langue).description,
    libelle: regle.libelle,
    lien: lienLieu(regle.lieu_id, regle.activite_id),
  };
}

/** Stops the rule (idempotent): switched off, its state forgotten. Returns whether it was active. */
export async function stopRegle(deps: AlertesDeps, regle: repo.RuleRow): Promise<boolean> {
  if (regle.actif !== 1) return false;
  await repo.updateRegle(deps.db.db, regle.id, { actif: 0 }, true, deps.now());
  return true;
}

// Replay.

export async function replayStatus(deps: AlertesDeps): Promise<ReplayStatus> {
  return repo.replayStatus(deps.db.db, deps.now());
}
