/**
 * Contract of `POST /api/contact` (the "Contactez-nous" form). Field errors come back under `error.fields`
 * with these French messages. `site_web` is a honeypot: the form hides it, people leave it empty
 * (docs/decisions/018-contact-anti-abuse.md).
 */
import * as z from 'zod/mini';

export const CONTACT_MESSAGE_MAX = 5000;
export const CONTACT_NOM_MAX = 100;
export const CONTACT_SUJET_MAX = 150;
export const CONTACT_EMAIL_MAX = 254;
/** Name of the hidden field that only robots fill in. */
export const CONTACT_HONEYPOT = 'site_web';

/** One line of text: no control characters (no line breaks in a name or a subject). */
const oneLine = (message: string) =>
  z.refine<string>(
    (s) => {
      for (let i = 0; i < s.length; i++) {
        const c = s.charCodeAt(i);
        if (c < 0x20 || c === 0x7f) return false;
      }
      return true;
    },
    { message },
  );

const requis = (message: string) => z.minLength(1, { message, abort: true });

/** A trimmed, required text field of at most `max` characters. */
const champ = (label: string, max: number, tooLong: string, ...more: Array<ReturnType<typeof oneLine>>) =>
  z.string({ error: label }).check(z.trim(), requis(label), z.maxLength(max, tooLong), ...more);

export const ContactRequest = z.object({
  nom: champ(
    'Indiquez votre nom.',
    CONTACT_NOM_MAX,
    `Le nom ne doit pas dépasser ${CONTACT_NOM_MAX} caractères.`,
    oneLine('Le nom doit tenir sur une seule ligne.'),
  ),
  email: z
    .string({ error: 'Indiquez votre adresse e-mail.' })
    .check(
      z.trim(),
      requis('Indiquez votre adresse e-mail.'),
      z.maxLength(
        CONTACT_EMAIL_MAX,
        `L'adresse e-mail ne doit pas dépasser ${CONTACT_EMAIL_MAX} caractères.`,
      ),
      z.email({ message: "Cette adresse e-mail n'est pas valide (exemple : prenom.nom@exemple.fr)." }),
    ),
  sujet: champ(
    'Indiquez le sujet de votre message.',
    CONTACT_SUJET_MAX,
    `Le sujet ne doit pas dépasser ${CONTACT_SUJET_MAX} caractères.`,
    oneLine('Le sujet doit tenir sur une seule ligne.'),
  ),
  message: champ(
    'Écrivez votre message.',
    CONTACT_MESSAGE_MAX,
    'Le message ne doit pas dépasser 5\u00a0000 caractères.',
  ),
  /** Honeypot: must stay empty. */
  site_web: z.optional(z.string()),
});
export type ContactRequest = z.infer<typeof ContactRequest>;

export const ContactResponse = z.object({
  envoye: z.literal(true),
  /** French confirmation to show. */
  message: z.string(),
});
export type ContactResponse = z.infer<typeof ContactResponse>;
