/** What the profile endpoints answer, in both languages (docs/decisions/148). */
import { texte, type Texte } from '../../http/texte';

export const PROFILE = {
  /** « entre le 01/01/1900 et hier » (`oldestDay` as YYYY-MM-DD). */
  naissancePassee: (oldestDay: string): Texte => {
    const d = oldestDay.split('-').reverse().join('/');
    return texte(
      `La date de naissance doit être passée (entre le ${d} et hier).`,
      `The date of birth must be in the past (between ${d} and yesterday).`,
    );
  },
  previsionsReservees: texte(
    'Les alertes de prévision sont réservées aux comptes autorisés à consulter les prévisions (autorisation « Prévisions »).',
    'Forecast alerts are kept for accounts allowed to see forecasts (the “Forecasts” permission).',
  ),
  avatarManquant: texte(
    'Joignez une image dans le champ « avatar ».',
    'Attach an image in the “avatar” field.',
  ),
  appareilInvalide: (type: string): Texte =>
    texte(`L'identifiant d'appareil ${type} est invalide.`, `The device identifier ${type} is invalid.`),
  webPushJson: texte(
    "L'abonnement Web Push doit être le JSON de PushSubscription (endpoint et keys).",
    'The Web Push subscription must be the JSON of a PushSubscription (endpoint and keys).',
  ),
  webPushInvalide: (detail: Texte): Texte =>
    texte(`Abonnement Web Push invalide : ${detail.fr}.`, `Invalid Web Push subscription: ${detail.en}.`),
  webPushAttendu: texte('endpoint et keys attendus', 'endpoint and keys expected'),
  webPushCles: texte(
    'Les clés de l’abonnement Web Push sont invalides (p256dh : 65 octets, auth : 16 octets).',
    'The keys of the Web Push subscription are invalid (p256dh: 65 bytes, auth: 16 bytes).',
  ),
  webPushService: texte(
    "Ce service de notification n'est pas pris en charge (adresse https d'un navigateur attendue).",
    'This notification service is not supported (a browser’s https address is expected).',
  ),
} as const;
