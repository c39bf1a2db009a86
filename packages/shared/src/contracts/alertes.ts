/**
 * Contracts of the alerts API (docs/decisions/055–059, 068): following places (`user/crea-abonnement`,
 * `stop-abonnement`, `toggle-abonnement`), personal alert rules of a place or of the user (`/api/user/alertes…`)
 * and the in-app notifications with their read and hidden states (`/api/user/notifications…`). The one-click
 * stop link of e-mails answers HTML pages; the replay is in replay.ts.
 */
import * as z from 'zod/mini';
import { HORIZON_MAX_H, HORIZON_MIN_H, TYPES_REGLE } from '../domain/alertes';
import { EpochMs } from './common';

export const TypeRegle = z.enum(TYPES_REGLE);
export type TypeRegle = z.infer<typeof TypeRegle>;
export const GrandeurAlerte = z.enum(['H', 'Q']);
export type GrandeurAlerte = z.infer<typeof GrandeurAlerte>;

/** Places one account may follow (`user/crea-abonnement`, or alerts added on a place not followed yet). */
export const MAX_ABONNEMENTS = 200;
/** The 409 answer beyond MAX_ABONNEMENTS. */
/** Rules one user may hold on one place. */
export const MAX_REGLES_PAR_LIEU = 12;
/** Largest absolute threshold accepted (m or m³/s): beyond, it is a typing mistake. */
export const MAX_SEUIL = 100_000;

const id = (message: string) => z.int().check(z.positive(message), z.maximum(2_147_483_647, message));

/** An abonnement (a place the user follows): `actif` false keeps it without notifications. */
export const AbonnementLieu = z.object({ id: z.int(), nom: z.string(), actif: z.boolean() });
export type AbonnementLieu = z.infer<typeof AbonnementLieu>;

/** `{ lieu }` of the three abonnement paths. */
export const LieuBody = z.object({ lieu: id("L'identifiant du lieu doit être un entier positif.") });
export type LieuBody = z.infer<typeof LieuBody>;
/** The answer of the three abonnement paths: the places followed as they are now. */
export const AbonnementsResponse = z.object({ status: z.literal(200), lieux: z.array(AbonnementLieu) });
export type AbonnementsResponse = z.infer<typeof AbonnementsResponse>;
const nombre = (what: string) =>
  z.number({ message: `${what} doit être un nombre.` }).check(
    z.refine((n) => Number.isFinite(n) && Math.abs(n) <= MAX_SEUIL, {
      message: `${what} doit être un nombre d'au plus ${MAX_SEUIL} en valeur absolue.`,
    }),
  );

/**
 * A rule to create. Which fields a type needs: `grandeur` and `seuil` for every type but `vigilance`; `seuil2`
 * (greater than `seuil`) for `retour_plage`; `horizon_h` (1–72) for `prevision`; `seuil` > 0 for `montee`
 * (per hour). `regleInputProblems` checks these combinations with French messages.
 */
export const RegleInput = z.object({
  type: TypeRegle,
  grandeur: z.optional(z.nullable(GrandeurAlerte)),
  seuil: z.optional(z.nullable(nombre('Le seuil'))),
  seuil2: z.optional(z.nullable(nombre('Le second seuil'))),
  horizon_h: z.optional(z.nullable(z.int({ message: "L'horizon doit être un nombre entier d'heures." }))),
  /** Activity whose threshold the rule uses (shown with it), optional. */
  activite_id: z.optional(z.nullable(id("L'identifiant de l'activité doit être un entier positif."))),
  actif: z.optional(z.boolean()),
});
export type RegleInput = z.infer<typeof RegleInput>;

/** Field → French messages for a rule whose fields do not fit its type (empty when it is fine). */
export function regleInputProblems(r: RegleInput): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const add = (field: string, message: string) => (out[field] ??= []).push(message);
  if (r.type === 'vigilance') return out;
  if (!r.grandeur) add('grandeur', 'Choisissez la hauteur (H) ou le débit (Q).');
  if (r.seuil === undefined || r.seuil === null) add('seuil', 'Indiquez un seuil.');
  else if (r.type === 'montee' && r.seuil <= 0) add('seuil', 'La vitesse de montée doit être positive.');
  if (r.type === 'retour_plage') {
    if (r.seuil2 === undefined || r.seuil2 === null) add('seuil2', 'Indiquez la borne haute de la plage.');
    else if (r.seuil !== undefined && r.seuil !== null && r.seuil2 <= r.seuil) {
      add('seuil2', 'La borne haute doit être supérieure à la borne basse.');
    }
  }
  if (r.type === 'prevision') {
    const h = r.horizon_h;
    if (h === undefined || h === null || h < HORIZON_MIN_H || h > HORIZON_MAX_H) {
      add('horizon_h', `L'horizon doit être compris entre ${HORIZON_MIN_H} et ${HORIZON_MAX_H} heures.`);
    }
  }
  return out;
}

/** `POST user/alertes/lieu/{id}`: rules to add (the place is followed if it was not). */
export const ReglesCreateBody = z.object({
  regles: z
    .array(RegleInput)
    .check(
      z.minLength(1, 'Ajoutez au moins une alerte.'),
      z.maxLength(MAX_REGLES_PAR_LIEU, `Au plus ${MAX_REGLES_PAR_LIEU} alertes par lieu.`),
    ),
});
export type ReglesCreateBody = z.infer<typeof ReglesCreateBody>;

/** `PATCH user/alertes/regles/{id}`: switch on or off, or change the numbers (type and quantity stay). */
export const RegleUpdateBody = z.object({
  actif: z.optional(z.boolean()),
  seuil: z.optional(nombre('Le seuil')),
  seuil2: z.optional(nombre('Le second seuil')),
  horizon_h: z.optional(z.int({ message: "L'horizon doit être un nombre entier d'heures." })),
});
export type RegleUpdateBody = z.infer<typeof RegleUpdateBody>;

export const LieuNom = z.object({ id: z.int(), nom: z.string() });

export const Regle = z.object({
  id: z.int(),
  lieu: LieuNom,
  type: TypeRegle,
  grandeur: z.nullable(GrandeurAlerte),
  /** Unit of the thresholds (m, m³/s; per hour for `montee`), null for vigilance. */
  unite: z.nullable(z.string()),
  seuil: z.nullable(z.number()),
  seuil2: z.nullable(z.number()),
  horizon_h: z.nullable(z.int()),
  activite: z.nullable(z.object({ id: z.int(), nom: z.string() })),
  /** `defaut`: created with the abonnement; `utilisateur`: added by the user. */
  origine: z.enum(['defaut', 'utilisateur']),
  actif: z.boolean(),
  /** One French line ("Hauteur au-dessus de 3,00 m"). */
  description: z.string(),
  created_at: EpochMs,
  /** Instant (data time) of its last notification, null when it never fired. */
  derniere_notification: z.nullable(EpochMs),
});
export type Regle = z.infer<typeof Regle>;

export const ReglesResponse = z.object({ regles: z.array(Regle) });
export type ReglesResponse = z.infer<typeof ReglesResponse>;

/** A rule the dialog proposes (the defaults of a new abonnement), with its line of text. */
export const RegleSuggestion = z.object({
  regle: RegleInput,
  description: z.string(),
  /** Why this one ("Seuil « trop haut » indicatif du canoë-kayak"). */
  raison: z.string(),
});
export type RegleSuggestion = z.infer<typeof RegleSuggestion>;

/** `GET user/alertes/lieu/{id}`: what the "M'alerter" dialog needs. */
export const LieuAlertes = z.object({
  lieu: LieuNom,
  /** The user follows the place; `abonnement_actif` false = notifications paused for it. */
  abonne: z.boolean(),
  abonnement_actif: z.boolean(),
  regles: z.array(Regle),
  /** Quantities measured here, with their latest value (to help choose a threshold). */
  grandeurs: z.array(
    z.object({
      grandeur: GrandeurAlerte,
      unite: z.string(),
      derniere_valeur: z.nullable(z.number()),
      dernier_ts: z.nullable(EpochMs),
    }),
  ),
  /** Vigilance alerts are possible (the place is on a Vigicrues tronçon). */
  vigilance_possible: z.boolean(),
  /** Forecast alerts are allowed (forecast permission and acceptPrevisionAlert), else why not. */
  prevision_possible: z.boolean(),
  prevision_raison: z.nullable(z.string()),
  suggestions: z.array(RegleSuggestion),
});
export type LieuAlertes = z.infer<typeof LieuAlertes>;

export const CANAUX = ['email', 'push'] as const;
export const StatutEnvoi = z.enum([
  'en_attente',
  'en_cours',
  'envoye',
  'echec',
  'annule',
  'sans_destinataire',
]);
export type StatutEnvoi = z.infer<typeof StatutEnvoi>;

export const NotificationItem = z.object({
  id: z.int(),
  type: TypeRegle,
  regle_id: z.nullable(z.int()),
  lieu: z.nullable(LieuNom),
  titre: z.string(),
  message: z.string(),
  grandeur: z.nullable(GrandeurAlerte),
  valeur: z.nullable(z.number()),
  unite: z.nullable(z.string()),
  /** Instant of the observation, forecast point or bulletin (data time). */
  ts: EpochMs,
  /** Path of the web app to open. */
  lien: z.string(),
  /** Vigilance level 1–4 of a vigilance notification. */
  niveau: z.nullable(z.int()),
  /** Beyond the daily cap: shown here only. */
  plafonnee: z.boolean(),
  created_at: EpochMs,
  lu: z.boolean(),
  masque: z.boolean(),
  /** How it was (or is being) delivered. */
  envois: z.array(z.object({ canal: z.enum(CANAUX), statut: StatutEnvoi })),
});
export type NotificationItem = z.infer<typeof NotificationItem>;

/** `GET user/notifications?masquees=1&avant={id}&limite={n}`: newest first. */
export const NotificationsQuery = z.object({
  masquees: z.optional(z.enum(['0', '1'], { message: 'masquees vaut 0 ou 1.' })),
  avant: z.optional(
    z.pipe(
      z.string().check(z.regex(/^[1-9]\d{0,9}$/, '« avant » doit être un identifiant positif.')),
      z.transform((v: string) => Number(v)),
    ),
  ),
  limite: z.optional(
    z.pipe(
      z.string().check(z.regex(/^(?:[1-9]\d?|100)$/, '« limite » doit être un entier de 1 à 100.')),
      z.transform((v: string) => Number(v)),
    ),
  ),
});
export type NotificationsQuery = z.infer<typeof NotificationsQuery>;

export const NotificationsResponse = z.object({
  non_lues: z.int(),
  notifications: z.array(NotificationItem),
  /** More, older ones exist: ask with `avant` = the last id. */
  suite: z.boolean(),
});
export type NotificationsResponse = z.infer<typeof NotificationsResponse>;

/** `POST user/notifications/etat`: mark some (`ids`) or all (`toutes`) as read/unread, hidden/shown. */
export const NotificationsEtatBody = z.object({
  ids: z.optional(
    z
      .array(id("L'identifiant de la notification doit être un entier positif."))
      .check(z.maxLength(200, 'Au plus 200 notifications à la fois.')),
  ),
  toutes: z.optional(z.boolean()),
  lu: z.optional(z.boolean()),
  masque: z.optional(z.boolean()),
});
export type NotificationsEtatBody = z.infer<typeof NotificationsEtatBody>;
export const NotificationsEtatResponse = z.object({
  status: z.literal(200),
  modifiees: z.int(),
  non_lues: z.int(),
});
export type NotificationsEtatResponse = z.infer<typeof NotificationsEtatResponse>;
