/**
 * French texts of alert notifications (docs/decisions/056, 057): the line kept in the in-app list, the e-mail
 * (text + HTML through `renderMail`) and the Web Push message. Instants are written in Europe/Paris.
 */
import {
  describeRule,
  formatVariation,
  type Declenchement,
  type GrandeurAlerte,
  type TypeObservation,
} from '@limni/shared/domain/alertes';
import type { Tendance, TrendResult } from '@limni/shared/domain/trend';
import { UNITE_PAR_GRANDEUR } from '@limni/shared/domain/units';
import { formatInstant, formatValeur } from '@limni/shared/domain/verdict';
import { renderMail, type MailContent } from '../../notify/mail';
import type { PushMessage } from '../../notify/push';

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

/** "Tendance : en hausse rapide (+12 cm/h)." */
export function trendSentence(grandeur: GrandeurAlerte, trend: TrendResult | null): string {
  if (!trend) return 'Tendance inconnue (trop peu de mesures récentes).';
  const sign = trend.variation_h > 0 ? '+' : trend.variation_h < 0 ? '−' : '';
  const rate = formatVariation(grandeur, Math.abs(trend.variation_h));
  return `Tendance${NB}: ${LIBELLES_TENDANCE[trend.tendance]} (${sign}${rate}).`;
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
export function observationText(p: ObservationTextInput): Texte {
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

export function forecastText(p: ForecastTextInput): Texte {
  const g = p.grandeur;
  const v = (x: number) => formatValeur(g, x, UNITE_PAR_GRANDEUR[g]);
  const obs = p.observe
    ? ` Dernière mesure${NB}: ${v(p.observe.valeur)} ${formatInstant(p.observe.ts)}.`
    : '';
  return {
    titre: `${p.lieu}${NB}: plus de ${v(p.seuil)} prévus ${formatInstant(p.d.ts)}`,
    message: `Selon la prévision Vigicrues émise ${formatInstant(p.runTs)}, la ${NOMS[g].toLowerCase()} devrait dépasser votre seuil de ${v(p.seuil)} ${formatInstant(p.d.ts)} (${v(p.d.valeur)} prévus). Une prévision peut changer${NB}: consultez la page du lieu.${obs}`,
  };
}

export function vigilanceText(p: {
  alerte: Texte | null;
  troncon: string;
  to: number;
  lieux: string[];
}): Texte {
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
  type: Parameters<typeof describeRule>[0]['type'];
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
}): { subject: string; text: string; html: string } {
  const content: MailContent = {
    greeting: `Bonjour ${p.username},`,
    paragraphs: [
      p.notification.message,
      ...(p.regle
        ? [`Votre alerte${NB}: ${describeRule({ ...p.regle, horizonH: p.regle.horizon_h })}.`]
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
