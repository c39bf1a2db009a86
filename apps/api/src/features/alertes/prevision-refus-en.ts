/**
 * The English of why forecast alerts are not possible (`alertes.repo.ts` `forecastRefusal`), shown in the « Alert me »
 * dialog (ADR 125). Registered on import; `langue-alertes.test.ts` checks the real answer.
 */
import { addEnglish } from '../../http/langue';

const FR = {
  nonAutorise: 'Les alertes de prévision sont réservées aux comptes autorisés à consulter les prévisions.',
  nonAcceptees: 'Acceptez les alertes de prévision dans votre profil (rubrique Notifications) pour en créer.',
} as const;

const EN: Record<keyof typeof FR, string> = {
  nonAutorise: 'Forecast alerts are for accounts allowed to see forecasts.',
  nonAcceptees: 'Accept forecast alerts in your profile (Notifications section) to create some.',
};

addEnglish(FR, EN);
