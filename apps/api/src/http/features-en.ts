/**
 * English of the error messages the features throw in French (issue 16, docs/decisions/125): places, rivers,
 * activities, alerts, notifications, publications, profile, media, stretches, embeds. Messages that carry a value
 * (an identifier, a date) are patterns. Registered when `errors-en.ts` loads.
 */
import { addEnglish, addEnglishPattern } from './langue';

export const FEATURES_FR = {
  regleInconnue: "Cette alerte n'existe pas (ou plus).",
  nonAbonne: "Vous n'êtes pas abonné à ce lieu.",
  alerteInvalide: 'Alerte invalide.',
  alerteIdentique: 'Vous avez déjà une alerte identique sur ce lieu.',
  formulaireInvalide: 'Formulaire invalide.',
  suppressionPublication: 'Vous ne pouvez supprimer que vos propres publications.',
  texteOuPhoto: 'Écrivez un texte ou joignez une photo.',
  imageInconnue: "Cette image n'existe pas (ou plus).",
  pageIndisponible: "Cette page n'est pas encore disponible.",
  previsionsReservees:
    'Les alertes de prévision sont réservées aux comptes autorisés à consulter les prévisions (autorisation « Prévisions »).',
  avatarManquant: 'Joignez une image dans le champ « avatar ».',
  notificationsCiblees: 'Indiquez les notifications (ids) ou toutes (toutes: true).',
  notificationsChangement: 'Indiquez ce qui change : lu et/ou masque.',
  sansTroncon:
    "Ce lieu n'est sur aucun tronçon surveillé par Vigicrues : pas d'alerte de vigilance possible.",
} as const;

export const FEATURES_EN: Record<keyof typeof FEATURES_FR, string> = {
  regleInconnue: 'This alert does not exist (or no longer exists).',
  nonAbonne: 'You do not follow this place.',
  alerteInvalide: 'Invalid alert.',
  alerteIdentique: 'You already have an identical alert on this place.',
  formulaireInvalide: 'Invalid form.',
  suppressionPublication: 'You can only delete your own posts.',
  texteOuPhoto: 'Write a text or attach a photo.',
  imageInconnue: 'This image does not exist (or no longer exists).',
  pageIndisponible: 'This page is not available yet.',
  previsionsReservees:
    'Forecast alerts are kept for accounts allowed to see forecasts (the “Forecasts” permission).',
  avatarManquant: 'Attach an image in the “avatar” field.',
  notificationsCiblees: 'Name the notifications (ids) or all of them (toutes: true).',
  notificationsChangement: 'Say what changes: lu and/or masque.',
  sansTroncon: 'This place is on no river stretch monitored by Vigicrues: no vigilance alert is possible.',
};

addEnglish(FEATURES_FR, FEATURES_EN);

/** « Aucun lieu ne porte l'identifiant 12. » and its siblings. */
const UNKNOWN: Record<string, string> = {
  'Aucun lieu': 'No place',
  'Aucune activité': 'No activity',
  'Aucun lac ni rivière': 'No lake or river',
  'Aucune publication': 'No post',
  'Aucune liste de diffusion': 'No mailing list',
  'Aucun tronçon': 'No river stretch',
};
addEnglishPattern(
  /^(Aucun lieu|Aucune activité|Aucun lac ni rivière|Aucune publication|Aucune liste de diffusion|Aucun tronçon) ne porte l'identifiant (.*)\.$/,
  (what, id) => `${UNKNOWN[what] ?? what} has the identifier ${id}.`,
);
addEnglishPattern(
  /^Au plus (\d+) alertes par lieu : supprimez-en une avant d'en ajouter\.$/,
  (n) => `At most ${n} alerts per place: delete one before adding another.`,
);
addEnglishPattern(
  /^La date de naissance doit être passée \(entre le (\S+) et hier\)\.$/,
  (oldest) => `The date of birth must be in the past (between ${oldest} and yesterday).`,
);
addEnglishPattern(
  /^L'identifiant d'appareil (.*) est invalide\.$/,
  (type) => `The device identifier ${type} is invalid.`,
);
addEnglishPattern(
  /^Cette adresse n’est pas une page de lieu ou de rivière de Limni \((\S+)\/lieu\/… ou \/entite\/…\)\.$/,
  (url) => `This address is not a Limni place or river page (${url}/lieu/… or /entite/…).`,
);
addEnglishPattern(
  /^Vous avez déjà cette alerte sur ce lieu : (.*)\.$/,
  (rule) => `You already have this alert on this place: ${rule}.`,
);
const QUANTITIES: Record<string, string> = { 'la hauteur': 'the level', 'le débit': 'the flow' };
addEnglishPattern(
  /^Ce lieu ne mesure pas (.*)\.$/,
  (what) => `This place does not measure ${QUANTITIES[what] ?? what}.`,
);
