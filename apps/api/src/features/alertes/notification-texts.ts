/**
 * Texts of alert notifications (docs/decisions/056, 057) in the account's language (French, or US English for an
 * account registered in English: `user.langue`, docs/decisions/125): the line kept in the in-app list (written in
 * that language when the notification is created), the e-mail (text + HTML through `renderMail`) and the Web Push
 * message. Instants are written in Europe/Paris.
 */
import {
  describeRegle,
  formatVariation,
  type Declenchement,
  type GrandeurAlerte,
  type TypeObservation,
} from '@limni/shared/domain/alertes';
import type { Tendance, TrendResult } from '@limni/shared/domain/trend';
import { UNITE_PAR_GRANDEUR } from '@limni/shared/domain/units';
import { formatInstant, formatValeur } from '@limni/shared/domain/verdict';
import type { Langue } from '../../http/langue';
import { renderMail, type MailContent } from '../../notify/mail';
import type { PushMessage } from '../../notify/push';

export type { Langue };

/** The language of an account row's `langue` column (anything but `en` is French). */
export function langueCompte(stored: string | null | undefined): Langue {
  return stored === 'en' ? 'en' : 'fr';
}

/** French typography: a no-break space before « : » and inside guillemets. */
const NB = '\u00a0';
const NOMS: Record<GrandeurAlerte, string> = { H: 'Hauteur', Q: 'Débit' };

export const LIBELLES_TENDANCE: Record<Tendance, string> = {
  hausse_rapide: 'en hausse rapide',
  hausse: 'en hausse',
  stable: 'stable',
  baisse: 'en baisse',
  baisse_rapide: 'en baisse rapide',
};

export interface Texte {
  titre: string;
  message: string;
}

const TENDANCES_EN: Record<Tendance, string> = {
  hausse_rapide: 'rising fast',
  hausse: 'rising',
  stable: 'steady',
  baisse: 'falling',
  baisse_rapide: 'falling fast',
};

/** "Tendance : en hausse rapide (+12 cm/h)." / "Trend: rising fast (+12 cm/h)." */
export function trendSentence(
  grandeur: GrandeurAlerte,
  trend: TrendResult | null,
  langue: Langue = 'fr',
): string {
  const en = langue === 'en';
  if (!trend) {
    return en
      ? 'Trend unknown (too few recent readings).'
      : 'Tendance inconnue (trop peu de mesures récentes).';
  }
  const sign = trend.variation_h > 0 ? '+' : trend.variation_h < 0 ? '−' : '';
  if (en) {
    return `Trend: ${TENDANCES_EN[trend.tendance]} (${sign}${rateEn(grandeur, Math.abs(trend.variation_h))}).`;
  }
  const rate = formatVariation(grandeur, Math.abs(trend.variation_h));
  return `Tendance${NB}: ${LIBELLES_TENDANCE[trend.tendance]} (${sign}${rate}).`;
}

// ---- US English wording (the French one comes from shared/domain: formatValeur, formatInstant, describeRegle) ----

const NOMS_EN: Record<GrandeurAlerte, string> = { H: 'Level', Q: 'Flow' };
/** "0.86 m", "123.5 m³/s": the shared formatting (`formatValeur`), in US English. */
const valueEn = (g: GrandeurAlerte, x: number) => formatValeur(g, x, UNITE_PAR_GRANDEUR[g], 'en');
/** "10 cm/h" for levels, "25 m³/s per hour" for flows. */
const rateEn = (g: GrandeurAlerte, parHeure: number) => formatVariation(g, parHeure, 'en');

const DATE_EN = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Paris', dateStyle: 'medium' });
const TIME_EN = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Paris', timeStyle: 'short' });
/** "on Jan 31, 2022 at 11:55 PM (Paris time)". */
const instantEn = (ms: number) => `on ${DATE_EN.format(ms)} at ${TIME_EN.format(ms)} (Paris time)`;

function observationTextEn(p: ObservationTextInput): Texte {
  const g = p.grandeur;
  const v = (x: number) => valueEn(g, x);
  const when = instantEn(p.d.ts);
  const since = p.d.depuis < p.d.ts ? ` The threshold was crossed ${instantEn(p.d.depuis)}.` : '';
  const trend = trendSentence(g, p.trend, 'en');
  switch (p.type) {
    case 'au_dessus':
      return {
        titre: `${p.lieu}: ${v(p.d.valeur)}, above ${v(p.seuil)}`,
        message: `${NOMS_EN[g]} of ${v(p.d.valeur)} ${when}, above your threshold of ${v(p.seuil)}.${since} ${trend}`,
      };
    case 'en_dessous':
      return {
        titre: `${p.lieu}: ${v(p.d.valeur)}, below ${v(p.seuil)}`,
        message: `${NOMS_EN[g]} of ${v(p.d.valeur)} ${when}, below your threshold of ${v(p.seuil)}.${since} ${trend}`,
      };
    case 'montee': {
      const rate = rateEn(g, p.d.variationH ?? 0);
      const verb = g === 'H' ? 'The level is rising' : 'The flow is increasing';
      return {
        titre: `${p.lieu}: ${g === 'H' ? 'rise' : 'flow increase'} of ${rate}`,
        message: `${verb} by ${rate} over the last 3 hours, faster than your threshold of ${rateEn(g, p.seuil)}. Latest reading: ${v(p.d.valeur)} ${when}.`,
      };
    }
    case 'retour_plage': {
      const b = p.seuil2 ?? p.seuil;
      return {
        titre: `${p.lieu}: ${v(p.d.valeur)}, back between ${v(p.seuil)} and ${v(b)}`,
        message: `${NOMS_EN[g]} of ${v(p.d.valeur)} ${when}: back in your range of ${v(p.seuil)} to ${v(b)}. ${trend}`,
      };
    }
  }
}

export interface ObservationTextInput {
  lieu: string;
  type: TypeObservation;
  grandeur: GrandeurAlerte;
  seuil: number;
  seuil2: number | null;
  d: Declenchement;
  trend: TrendResult | null;
}

/** Title and message of a crossing of a rule on observations. */
export function observationText(p: ObservationTextInput, langue: Langue = 'fr'): Texte {
  if (langue === 'en') return observationTextEn(p);
  const g = p.grandeur;
  const v = (x: number) => formatValeur(g, x, UNITE_PAR_GRANDEUR[g]);
  const when = formatInstant(p.d.ts);
  const since = p.d.depuis < p.d.ts ? ` Le seuil a été franchi ${formatInstant(p.d.depuis)}.` : '';
  const trend = trendSentence(g, p.trend);
  switch (p.type) {
    case 'au_dessus':
      return {
        titre: `${p.lieu}${NB}: ${v(p.d.valeur)}, au-dessus de ${v(p.seuil)}`,
        message: `${NOMS[g]} de ${v(p.d.valeur)} ${when}, au-dessus de votre seuil de ${v(p.seuil)}.${since} ${trend}`,
      };
    case 'en_dessous':
      return {
        titre: `${p.lieu}${NB}: ${v(p.d.valeur)}, sous ${v(p.seuil)}`,
        message: `${NOMS[g]} de ${v(p.d.valeur)} ${when}, sous votre seuil de ${v(p.seuil)}.${since} ${trend}`,
      };
    case 'montee': {
      const rate = formatVariation(g, p.d.variationH ?? 0);
      const verb = g === 'H' ? 'Le niveau monte' : 'Le débit augmente';
      return {
        titre: `${p.lieu}${NB}: ${g === 'H' ? 'montée' : 'hausse du débit'} de ${rate}`,
        message: `${verb} de ${rate} sur les 3 dernières heures, plus vite que votre seuil de ${formatVariation(g, p.seuil)}. Dernière mesure${NB}: ${v(p.d.valeur)} ${when}.`,
      };
    }
    case 'retour_plage': {
      const b = p.seuil2 ?? p.seuil;
      return {
        titre: `${p.lieu}${NB}: ${v(p.d.valeur)}, de retour entre ${v(p.seuil)} et ${v(b)}`,
        message: `${NOMS[g]} de ${v(p.d.valeur)} ${when}${NB}: de retour dans votre plage de ${v(p.seuil)} à ${v(b)}. ${trend}`,
      };
    }
  }
}

export interface ForecastTextInput {
  lieu: string;
  grandeur: GrandeurAlerte;
  seuil: number;
  runTs: number;
  d: Declenchement;
  observe: { ts: number; valeur: number } | null;
}

export function previsionText(p: ForecastTextInput, langue: Langue = 'fr'): Texte {
  const g = p.grandeur;
  if (langue === 'en') {
    const obs = p.observe
      ? ` Latest reading: ${valueEn(g, p.observe.valeur)} ${instantEn(p.observe.ts)}.`
      : '';
    return {
      titre: `${p.lieu}: over ${valueEn(g, p.seuil)} forecast ${instantEn(p.d.ts)}`,
      message: `According to the Vigicrues forecast issued ${instantEn(p.runTs)}, the ${NOMS_EN[g].toLowerCase()} should exceed your threshold of ${valueEn(g, p.seuil)} ${instantEn(p.d.ts)} (${valueEn(g, p.d.valeur)} forecast). A forecast can change: check the place's page.${obs}`,
    };
  }
  const v = (x: number) => formatValeur(g, x, UNITE_PAR_GRANDEUR[g]);
  const obs = p.observe
    ? ` Dernière mesure${NB}: ${v(p.observe.valeur)} ${formatInstant(p.observe.ts)}.`
    : '';
  return {
    titre: `${p.lieu}${NB}: plus de ${v(p.seuil)} prévus ${formatInstant(p.d.ts)}`,
    message: `Selon la prévision Vigicrues émise ${formatInstant(p.runTs)}, la ${NOMS[g].toLowerCase()} devrait dépasser votre seuil de ${v(p.seuil)} ${formatInstant(p.d.ts)} (${v(p.d.valeur)} prévus). Une prévision peut changer${NB}: consultez la page du lieu.${obs}`,
  };
}

/**
 * A vigilance change. In English the public alert's own title and message (French, written by Vigicrues) are
 * left out for a sentence of ours with the same facts (stretch and colour).
 */
export function vigilanceText(
  p: {
    alerte: Texte | null;
    troncon: string;
    to: number;
    lieux: string[];
  },
  langue: Langue = 'fr',
): Texte {
  if (langue === 'en') {
    const colour = ['', 'green', 'yellow', 'orange', 'red'][p.to] ?? '';
    const label = p.lieux.length > 1 ? 'Followed places concerned' : 'Followed place concerned';
    return {
      titre: `Flood vigilance ${colour} — ${p.troncon}`,
      message: `Vigicrues placed the river stretch “${p.troncon}” under ${colour} flood vigilance. ${label}: ${p.lieux.join(', ')}.`,
    };
  }
  const niveaux = ['', 'vert', 'jaune', 'orange', 'rouge'];
  const base = p.alerte ?? {
    titre: `Vigilance ${niveaux[p.to] ?? ''} crues — ${p.troncon}`,
    message: `Vigicrues a placé le tronçon «${NB}${p.troncon}${NB}» en vigilance ${niveaux[p.to] ?? ''}.`,
  };
  const label = p.lieux.length > 1 ? 'Lieux suivis concernés' : 'Lieu suivi concerné';
  return { titre: base.titre, message: `${base.message} ${label}${NB}: ${p.lieux.join(', ')}.` };
}

export interface NotificationForMail {
  titre: string;
  message: string;
  type: string;
  lien: string;
  plafonnee?: boolean;
}

export interface RuleForMail {
  type: Parameters<typeof describeRegle>[0]['type'];
  grandeur: GrandeurAlerte | null;
  seuil: number | null;
  seuil2: number | null;
  horizon_h: number | null;
}

/** The e-mail of a notification: place, observation, time, trend (in the message), link to the place, stop link. */
export function alertMail(p: {
  username: string;
  notification: NotificationForMail;
  regle: RuleForMail | null;
  publicUrl: string;
  stopUrl: string | null;
  langue?: Langue;
}): { subject: string; text: string; html: string } {
  if (p.langue === 'en') {
    const en: MailContent = {
      langue: 'en',
      greeting: `Hello ${p.username},`,
      paragraphs: [
        p.notification.message,
        ...(p.regle
          ? [`Your alert: ${describeRegle({ ...p.regle, horizonH: p.regle.horizon_h }, 'en')}.`]
          : []),
      ],
      action: { label: 'See the place on Limni', url: `${p.publicUrl}${p.notification.lien}` },
      footnote: [
        p.stopUrl ? `Stop this alert (one click): ${p.stopUrl}` : null,
        `Manage all your alerts: ${p.publicUrl}/user/profil`,
      ]
        .filter(Boolean)
        .join(' — '),
    };
    return { subject: `Limni alert — ${p.notification.titre}`, ...renderMail(en) };
  }
  const content: MailContent = {
    greeting: `Bonjour ${p.username},`,
    paragraphs: [
      p.notification.message,
      ...(p.regle
        ? [`Votre alerte${NB}: ${describeRegle({ ...p.regle, horizonH: p.regle.horizon_h })}.`]
        : []),
    ],
    action: { label: 'Voir le lieu sur Limni', url: `${p.publicUrl}${p.notification.lien}` },
    footnote: [
      p.stopUrl ? `Ne plus recevoir cette alerte (en un clic)${NB}: ${p.stopUrl}` : null,
      `Gérer toutes vos alertes${NB}: ${p.publicUrl}/user/profil`,
    ]
      .filter(Boolean)
      .join(' — '),
  };
  return { subject: `Alerte Limni — ${p.notification.titre}`, ...renderMail(content) };
}

export function alertPush(n: { id: number; titre: string; message: string; lien: string }): PushMessage {
  return { title: n.titre, body: n.message, url: n.lien, tag: `limni-notification-${n.id}` };
}
