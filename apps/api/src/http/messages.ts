/**
 * The API's own sentences in both languages (docs/decisions/148): generic errors, the places, rivers and other
 * things asked for by an identifier that does not exist, and the English of the shared contracts' field messages.
 *
 * The shared contracts (`packages/shared/src/contracts`) are read by the web app too and write their field messages
 * in French; their English is found by the exact French text (`contractText`), never by a pattern. A test checks that
 * every message of the contracts has one.
 */
import { texte, type Texte } from './texte';

/** Generic errors: the handler's answers to what no feature decided. */
export const GENERIC = {
  notFound: texte("Cette ressource n'existe pas.", 'This resource does not exist.'),
  unauthorized: texte(
    'Vous devez être connecté pour accéder à cette ressource.',
    'You must be signed in to access this resource.',
  ),
  forbidden: texte(
    "Vous n'avez pas l'autorisation d'accéder à cette ressource.",
    'You are not allowed to access this resource.',
  ),
  upstream: texte(
    'Le service de données externe est indisponible.',
    'The external data service is unavailable.',
  ),
  internal: texte('Une erreur interne est survenue.', 'An internal error occurred.'),
  rateLimitedMinute: texte(
    'Trop de tentatives. Merci de patienter une minute avant de réessayer.',
    'Too many attempts. Please wait a minute before trying again.',
  ),
  tooLarge: texte('Le contenu envoyé est trop volumineux.', 'The content sent is too large.'),
  mediaType: texte("Ce type de contenu n'est pas accepté.", 'This content type is not accepted.'),
  authRequired: texte('Authentification requise.', 'Sign-in required.'),
  accessDenied: texte('Accès refusé.', 'Access denied.'),
  badJson: texte("Le contenu envoyé n'est pas un JSON valide.", 'The content sent is not valid JSON.'),
  badRequest: texte('Requête invalide.', 'Invalid request.'),
  invalidValue: texte('Valeur invalide', 'Invalid value'),
  longPath: texte(
    'Adresse trop longue : un de ses segments dépasse 100 caractères.',
    'Address too long: one of its segments is over 100 characters.',
  ),
  badPath: texte(
    "Adresse invalide : un de ses segments n'est pas correctement encodé.",
    'Invalid address: one of its segments is not properly encoded.',
  ),
} satisfies Record<string, Texte>;

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

export const CONTRACTS_EN: Record<keyof typeof CONTRACTS_FR, string> = {
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

const CONTRACT_EN = new Map<string, string>(
  (Object.keys(CONTRACTS_FR) as Array<keyof typeof CONTRACTS_FR>).map((k) => [
    CONTRACTS_FR[k],
    CONTRACTS_EN[k],
  ]),
);

/** A field message of the shared contracts in both languages; one without English stays French in both. */
export function contractText(fr: string): Texte {
  return texte(fr, CONTRACT_EN.get(fr) ?? fr);
}

/** Whether a field message of the shared contracts has its English (for the catalogue test). */
export const contractHasEnglish = (fr: string): boolean => CONTRACT_EN.has(fr);

const WHERE = {
  params: texte('chemin', 'path'),
  querystring: texte('paramètres', 'parameters'),
  body: texte('contenu', 'body'),
  headers: texte('en-têtes', 'headers'),
} satisfies Record<string, Texte>;

/** « Requête invalide (chemin : id) : … »: where the request is wrong, which key, and the contract's message. */
export function requeteInvalide(where: string | undefined, key: string, message: Texte): Texte {
  const w = WHERE[where as keyof typeof WHERE] ?? texte('requête', 'request');
  return texte(
    `Requête invalide (${w.fr}${key ? ` : ${key}` : ''}) : ${message.fr}`,
    `Invalid request (${w.en}${key ? `: ${key}` : ''}): ${message.en}`,
  );
}

/** A 429's sentence for a wait of `s` seconds. */
export const tropDeTentatives = (s: number): Texte => {
  const min = s >= 120 ? Math.ceil(s / 60) : null;
  return texte(
    `Trop de tentatives. Merci de réessayer dans ${s} s${min ? ` (environ ${min} min)` : ''}.`,
    `Too many attempts. Please try again in ${s} s${min ? ` (about ${min} min)` : ''}.`,
  );
};

export const routeInconnue = (method: string, url: string): Texte =>
  texte(`Aucune route ne correspond à ${method} ${url}.`, `No route matches ${method} ${url}.`);

export const fichierIntrouvable = (url: string): Texte =>
  texte(`Fichier introuvable : ${url}`, `File not found: ${url}`);

/** What an identifier names when nothing has it: « Aucun lieu ne porte l'identifiant 12. » */
const INCONNU = {
  lieu: texte('Aucun lieu', 'No place'),
  activite: texte('Aucune activité', 'No activity'),
  entite: texte('Aucun lac ni rivière', 'No lake or river'),
  publication: texte('Aucune publication', 'No post'),
  liste: texte('Aucune liste de diffusion', 'No mailing list'),
  troncon: texte('Aucun tronçon', 'No river stretch'),
} satisfies Record<string, Texte>;

export const inconnu = (what: keyof typeof INCONNU, id: number | string | null | undefined): Texte =>
  texte(`${INCONNU[what].fr} ne porte l'identifiant ${id}.`, `${INCONNU[what].en} has the identifier ${id}.`);

/** Uploads: the form, its file and the image in it (`http/multipart.ts`, `data/uploads.ts`). */
export const ENVOI = {
  multipartAttendu: texte(
    'Envoyez un formulaire multipart/form-data contenant le fichier.',
    'Send a multipart/form-data form holding the file.',
  ),
  tropDeChamps: texte(
    'Le formulaire contient trop de champs ou de fichiers.',
    'The form holds too many fields or files.',
  ),
  formulaireIllisible: texte(
    "Le formulaire envoyé n'a pas pu être lu (multipart/form-data invalide).",
    'The form sent could not be read (invalid multipart/form-data).',
  ),
  champInattendu: (name: string): Texte =>
    texte(`Champ de fichier inattendu : « ${name} ».`, `Unexpected file field: “${name}”.`),
  seulChamp: (name: string): Texte =>
    texte(`Seul le champ « ${name} » peut contenir un fichier.`, `Only the “${name}” field may hold a file.`),
  /** « La photo dépasse la taille maximale de 10 Mo. » */
  tropGros: (what: Texte, megabytes: number): Texte =>
    texte(
      `${what.fr} dépasse la taille maximale de ${megabytes} Mo.`,
      `${what.en} is over the maximum size of ${megabytes} MB.`,
    ),
  photo: texte('La photo', 'The photo'),
  avatar: texte("L'avatar", 'The avatar'),
  pasUneImage: texte(
    "Ce fichier n'est pas une image acceptée : envoyez une photo JPEG, PNG, WebP ou AVIF.",
    'This file is not an accepted image: send a JPEG, PNG, WebP or AVIF photo.',
  ),
  imageIllisible: texte(
    "Cette image n'a pas pu être lue : elle est peut-être endommagée.",
    'This image could not be read: it may be damaged.',
  ),
  imageTropGrande: (millionsOfPixels: number): Texte =>
    texte(
      `Cette image est trop grande (${millionsOfPixels} millions de pixels au maximum).`,
      `This image is too large (${millionsOfPixels} million pixels at most).`,
    ),
  /** A JPEG with more scans than any camera or editor writes: its decoding could take minutes (docs/decisions/161). */
  imageTropDePasses: (scans: number): Texte =>
    texte(
      `Cette image JPEG compte trop de passes (${scans} au maximum) : enregistrez-la de nouveau depuis votre appareil ou un logiciel photo.`,
      `This JPEG image has too many scans (${scans} at most): save it again from your device or a photo editor.`,
    ),
  imagesEnCours: texte(
    'Le serveur traite déjà beaucoup d’images : réessayez dans une minute.',
    'The server is already processing many images: try again in a minute.',
  ),
} as const;

/** Sessions and the CSRF token (`http/auth.ts`, `http/csrf.ts`). */
export const SESSION = {
  invalide: texte(
    'Session invalide ou expirée : merci de vous reconnecter.',
    'Invalid or expired session: please sign in again.',
  ),
  tropAncienne: texte(
    'Votre session a plus de 7 jours : merci de vous reconnecter.',
    'Your session is more than 7 days old: please sign in again.',
  ),
  csrf: texte(
    'Jeton de sécurité (CSRF) manquant ou invalide : rechargez la page puis réessayez.',
    'Security token (CSRF) missing or invalid: reload the page and try again.',
  ),
} as const;

/** Refusals of `?t=`, the instant consulted (`instant.ts`, docs/decisions/152). */
const longDate = {
  fr: new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' }),
  en: new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'Europe/Paris' }),
};

export const INSTANT_MESSAGES = {
  malforme: texte(
    'La date demandée doit s’écrire AAAA-MM-JJ ou AAAA-MM-JJTHH:MM, heure de Paris (par exemple 2022-01-11T07:15).',
    'The requested date must be written YYYY-MM-DD or YYYY-MM-DDTHH:MM, Paris time (for example 2022-01-11T07:15).',
  ),
  futur: texte(
    'La date demandée est dans le futur : on ne peut voir Limni qu’à un instant passé.',
    'The requested date is in the future: Limni can only be seen at a past instant.',
  ),
  avantDonnees: (debut: number): Texte =>
    texte(
      `La date demandée est antérieure aux données, qui commencent le ${longDate.fr.format(debut).replace(/^1 /, '1er ')}.`,
      `The requested date is before the data, which start on ${longDate.en.format(debut)}.`,
    ),
};
