/**
 * English of the API's generic error messages (`http/errors.ts`, the not-found handlers) and of the field messages
 * of the shared contracts (`packages/shared/src/contracts`), registered with `http/langue.ts`. Features register
 * their own catalogues beside their French ones.
 */
import { addEnglish, addEnglishPattern } from './langue';
import './features-en';

export const GENERIC_FR = {
  notFound: "Cette ressource n'existe pas.",
  unauthorized: 'Vous devez être connecté pour accéder à cette ressource.',
  forbidden: "Vous n'avez pas l'autorisation d'accéder à cette ressource.",
  upstream: 'Le service de données externe est indisponible.',
  internal: 'Une erreur interne est survenue.',
  rateLimitedMinute: 'Trop de tentatives. Merci de patienter une minute avant de réessayer.',
  tooLarge: 'Le contenu envoyé est trop volumineux.',
  mediaType: "Ce type de contenu n'est pas accepté.",
  authRequired: 'Authentification requise.',
  accessDenied: 'Accès refusé.',
  badJson: "Le contenu envoyé n'est pas un JSON valide.",
  badRequest: 'Requête invalide.',
  invalidValue: 'Valeur invalide',
  longPath: 'Adresse trop longue : un de ses segments dépasse 100 caractères.',
  badPath: "Adresse invalide : un de ses segments n'est pas correctement encodé.",
} as const;

const GENERIC_EN: Record<keyof typeof GENERIC_FR, string> = {
  notFound: 'This resource does not exist.',
  unauthorized: 'You must be signed in to access this resource.',
  forbidden: 'You are not allowed to access this resource.',
  upstream: 'The external data service is unavailable.',
  internal: 'An internal error occurred.',
  rateLimitedMinute: 'Too many attempts. Please wait a minute before trying again.',
  tooLarge: 'The content sent is too large.',
  mediaType: 'This content type is not accepted.',
  authRequired: 'Sign-in required.',
  accessDenied: 'Access denied.',
  badJson: 'The content sent is not valid JSON.',
  badRequest: 'Invalid request.',
  invalidValue: 'Invalid value',
  longPath: 'Address too long: one of its segments is over 100 characters.',
  badPath: 'Invalid address: one of its segments is not properly encoded.',
};

/** Field messages written in the shared contracts (their French is checked against the sources by a test). */
export const CONTRACTS_FR = {
  auPlus200: 'Au plus 200 notifications à la fois.',
  grandeur: 'Choisissez la hauteur (H) ou le débit (Q).',
  bornes: 'La borne haute doit être supérieure à la borne basse.',
  naissance: 'La date de naissance doit être une date réelle au format AAAA-MM-JJ.',
  date: 'La date doit être un jour réel au format AAAA-MM-JJ (par exemple 2022-01-31)',
  periode: 'La période doit être 1 (an), 5 (ans) ou tout',
  vitesse: 'La vitesse de montée doit être positive.',
  message: 'Le message ne doit pas dépasser 5\u00a0000 caractères.',
  avant: 'Le paramètre « avant » doit être un instant en millisecondes.',
  limite: '« limite » doit être un entier de 1 à 100.',
  trop: 'Ce champ est trop long.',
  id: "L'identifiant doit être un nombre entier positif",
  horizon: "L'horizon doit être un nombre entier d'heures.",
  seuil: 'Indiquez un seuil.',
  borneHaute: 'Indiquez la borne haute de la plage.',
  auMoinsUne: 'Ajoutez au moins une alerte.',
  masquees: 'masquees vaut 0 ou 1.',
  avantId: '« avant » doit être un identifiant positif.',
  jours: 'Le nombre de jours doit être un entier',
  contactEmail: 'Indiquez votre adresse e-mail.',
  contactEmailInvalide: "Cette adresse e-mail n'est pas valide (exemple : prenom.nom@exemple.fr).",
  activiteId: "L'identifiant d'activité doit être un nombre entier positif",
  activiteTrop: "L'identifiant d'activité est trop grand",
  pushEndpoint: "L'adresse du service de notification est invalide.",
  lieuId: "L'identifiant du lieu doit être un entier positif.",
  dossier: 'Dossier inconnu.',
  fichier: 'Nom de fichier invalide.',
  theme: 'Le thème doit être « clair » ou « sombre »',
  langue: 'La langue doit être « fr » ou « en »',
  activiteSlug: 'L’activité doit s’écrire a-<numéro> (par exemple a-3)',
  dimension: 'La dimension doit être un nombre entier de pixels (1 à 99999)',
  url: 'Le paramètre url est obligatoire',
  format: 'Le format doit être « json » (ou « xml », non pris en charge)',
} as const;

const CONTRACTS_EN: Record<keyof typeof CONTRACTS_FR, string> = {
  auPlus200: 'At most 200 notifications at a time.',
  grandeur: 'Choose the height (H) or the flow (Q).',
  bornes: 'The upper bound must be above the lower bound.',
  naissance: 'The date of birth must be a real date in the YYYY-MM-DD format.',
  date: 'The date must be a real day in the YYYY-MM-DD format (for example 2022-01-31)',
  periode: 'The period must be 1 (year), 5 (years) or tout (all)',
  vitesse: 'The rising rate must be positive.',
  message: 'The message must not be longer than 5,000 characters.',
  avant: 'The « avant » parameter must be an instant in milliseconds.',
  limite: '« limite » must be an integer from 1 to 100.',
  trop: 'This field is too long.',
  id: 'The id must be a positive integer',
  horizon: 'The horizon must be a whole number of hours.',
  seuil: 'Enter a threshold.',
  borneHaute: 'Enter the upper bound of the range.',
  auMoinsUne: 'Add at least one alert.',
  masquees: 'masquees is 0 or 1.',
  avantId: '« avant » must be a positive id.',
  jours: 'The number of days must be an integer',
  contactEmail: 'Enter your e-mail address.',
  contactEmailInvalide: 'This e-mail address is not valid (example: first.last@example.com).',
  activiteId: 'The activity id must be a positive integer',
  activiteTrop: 'The activity id is too large',
  pushEndpoint: 'The notification service address is invalid.',
  lieuId: 'The place id must be a positive integer.',
  dossier: 'Unknown folder.',
  fichier: 'Invalid file name.',
  theme: 'The theme must be « clair » (light) or « sombre » (dark)',
  langue: 'The language must be « fr » or « en »',
  activiteSlug: 'The activity must be written a-<number> (for example a-3)',
  dimension: 'The size must be a whole number of pixels (1 to 99999)',
  url: 'The url parameter is required',
  format: 'The format must be « json » (« xml » is not supported)',
};

const WHERE_EN: Record<string, string> = {
  chemin: 'path',
  paramètres: 'parameters',
  contenu: 'body',
  'en-têtes': 'headers',
  requête: 'request',
};

addEnglish(GENERIC_FR, GENERIC_EN);
addEnglish(CONTRACTS_FR, CONTRACTS_EN);
addEnglishPattern(
  /^Trop de tentatives\. Merci de réessayer dans (\d+) s(?: \(environ (\d+) min\))?\.$/,
  (s, min) => `Too many attempts. Please try again in ${s} s${min ? ` (about ${min} min)` : ''}.`,
);
addEnglishPattern(
  /^Requête invalide \(([^):]+?)(?: : ([^)]*))?\) : (.*)$/s,
  (where, key, message) =>
    `Invalid request (${WHERE_EN[where] ?? where}${key ? `: ${key}` : ''}): ${message}`,
);
addEnglishPattern(
  /^Aucune route ne correspond à (\S+) (.*)\.$/,
  (method, url) => `No route matches ${method} ${url}.`,
);
addEnglishPattern(/^Fichier introuvable : (.*)$/, (url) => `File not found: ${url}`);
