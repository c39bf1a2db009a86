/**
 * What the alert endpoints answer, in both languages (docs/decisions/148): unknown rules and abonnements, rules a
 * place or an account cannot have, limits, duplicates, and why forecast alerts are not possible.
 */
import { MAX_ABONNEMENTS, MAX_REGLES_PAR_LIEU } from '@limni/shared/contracts/alertes';
import { describeRegle, type RegleDescriptible } from '@limni/shared/domain/alertes';
import { texte, type Texte } from '../../http/texte';

const GRANDEURS = { H: texte('la hauteur', 'the level'), Q: texte('le débit', 'the flow') } as const;

export const ALERTES = {
  regleInconnue: texte(
    "Cette alerte n'existe pas (ou plus).",
    'This alert does not exist (or no longer exists).',
  ),
  nonAbonne: texte("Vous n'êtes pas abonné à ce lieu.", 'You do not follow this place.'),
  alerteInvalide: texte('Alerte invalide.', 'Invalid alert.'),
  identique: texte(
    'Vous avez déjà une alerte identique sur ce lieu.',
    'You already have an identical alert on this place.',
  ),
  sansTroncon: texte(
    "Ce lieu n'est sur aucun tronçon surveillé par Vigicrues : pas d'alerte de vigilance possible.",
    'This place is on no river stretch monitored by Vigicrues: no vigilance alert is possible.',
  ),
  maxAbonnements: texte(
    `Vous suivez déjà ${MAX_ABONNEMENTS} lieux : arrêtez d'en suivre un avant d'en ajouter.`,
    `You already follow ${MAX_ABONNEMENTS} places: stop following one before adding another.`,
  ),
  maxRegles: texte(
    `Au plus ${MAX_REGLES_PAR_LIEU} alertes par lieu : supprimez-en une avant d'en ajouter.`,
    `At most ${MAX_REGLES_PAR_LIEU} alerts per place: delete one before adding another.`,
  ),
  previsionNonAutorisee: texte(
    'Les alertes de prévision sont réservées aux comptes autorisés à consulter les prévisions.',
    'Forecast alerts are for accounts allowed to see forecasts.',
  ),
  previsionNonAcceptee: texte(
    'Acceptez les alertes de prévision dans votre profil (rubrique Notifications) pour en créer.',
    'Accept forecast alerts in your profile (Notifications section) to create some.',
  ),
  notificationsCiblees: texte(
    'Indiquez les notifications (ids) ou toutes (toutes: true).',
    'Name the notifications (ids) or all of them (toutes: true).',
  ),
  notificationsChangement: texte(
    'Indiquez ce qui change : lu et/ou masque.',
    'Say what changes: lu and/or masque.',
  ),
  /** « Ce lieu ne mesure pas la hauteur. » */
  neMesurePas: (grandeur: 'H' | 'Q'): Texte =>
    texte(
      `Ce lieu ne mesure pas ${GRANDEURS[grandeur].fr}.`,
      `This place does not measure ${GRANDEURS[grandeur].en}.`,
    ),
  /** The rule named as `describeRegle` writes it in each language. */
  dejaCetteAlerte: (regle: RegleDescriptible): Texte =>
    texte(
      `Vous avez déjà cette alerte sur ce lieu : ${describeRegle(regle)}.`,
      `You already have this alert on this place: ${describeRegle(regle, 'en')}.`,
    ),
} as const;
