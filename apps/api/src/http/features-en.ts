/**
 * English of the error messages the features throw in French (docs/decisions/125): places, rivers,
 * activities, alerts, notifications, publications, profile, media, stretches, embeds. Messages that carry a value
 * (an identifier, a date) are patterns. Registered when `errors-en.ts` loads.
 */
import { NOMS, NOMS_EN, type GrandeurAlerte } from '@limni/shared/domain/alertes';
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

/**
 * The rule a message names (`describeRule` of the shared domain, written in French where the service throws): read
 * back and written as `describeRule(…, 'en')` writes it, the numbers' digits kept (the duplicate-alert
 * message). `features-en.test.ts` checks every kind of rule against `describeRule` in both languages.
 */
const NUM = String.raw`([-\u2212]?\d{1,3}(?:[\u202f\u00a0 ]\d{3})*(?:,\d+)?)`;
/** « 1 234,5 » (fr-FR) → « 1,234.5 » (en-US). */
const numberEn = (fr: string) => fr.replace(',', '.').replace(/[\u202f\u00a0 ]/g, ',');
/** « Hauteur » / « hauteur » → « Water level », from the names `describeRule` writes. */
const grandeurEn = (fr: string) => {
  const g = (Object.keys(NOMS) as GrandeurAlerte[]).find((k) => NOMS[k].toLowerCase() === fr.toLowerCase());
  return g ? NOMS_EN[g] : fr;
};
const GRANDEUR = `(${Object.values(NOMS).join('|')})`;
const VALUE = `${NUM} (m|m³/s)`;
addEnglishPattern(
  new RegExp(`^${GRANDEUR} au-dessus de ${VALUE}$`),
  (g, n, u) => `${grandeurEn(g)} above ${numberEn(n)} ${u}`,
);
addEnglishPattern(
  new RegExp(`^${GRANDEUR} sous ${VALUE}$`),
  (g, n, u) => `${grandeurEn(g)} below ${numberEn(n)} ${u}`,
);
addEnglishPattern(
  new RegExp(`^${GRANDEUR} de retour entre ${VALUE} et ${VALUE}$`),
  (g, n, u, n2, u2) => `${grandeurEn(g)} back between ${numberEn(n)} ${u} and ${numberEn(n2)} ${u2}`,
);
addEnglishPattern(
  new RegExp(`^Montée de plus de ${NUM} cm/h$`),
  (n) => `Rise of more than ${numberEn(n)} cm/h`,
);
addEnglishPattern(
  new RegExp(`^Hausse du débit de plus de ${NUM} m³/s par heure$`),
  (n) => `Flow increase of more than ${numberEn(n)} m³/s per hour`,
);
addEnglishPattern(
  new RegExp(`^Prévision\u00a0: ${GRANDEUR.toLowerCase()} au-dessus de ${VALUE} dans les (\\d+) h$`),
  (g, n, u, h) => `Forecast: ${grandeurEn(g).toLowerCase()} above ${numberEn(n)} ${u} within ${h} h`,
);
addEnglish(
  { vigilance: 'Vigilance crues du tronçon\u00a0: passage au jaune, à l’orange, au rouge et retour au vert' },
  { vigilance: 'Flood vigilance of the river stretch: changes to yellow, orange, red and back to green' },
);
