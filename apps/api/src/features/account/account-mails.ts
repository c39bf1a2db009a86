/**
 * The account e-mails (docs/decisions/035), in the account's language (French, or US English for an account
 * registered in English: docs/decisions/125), text and HTML through `renderMail`. Links are built from
 * PUBLIC_URL and open the web app's routes (docs/requirements.md R2.3): `/user/register/{key}` and
 * `/user/password_reset/{uid}/{token}`.
 */
import { renderMail, type MailMessage } from '../../notify/mail';

export const VERIFICATION_TTL_MS = 3 * 24 * 3600 * 1000;
export const RESET_TTL_MS = 24 * 3600 * 1000;

export type MailLangue = 'fr' | 'en';

/** The language of an account row's `langue` column (anything but `en` is French). */
export function mailLangue(stored: string | null | undefined): MailLangue {
  return stored === 'en' ? 'en' : 'fr';
}

const parisDateTime = (ms: number, langue: MailLangue) =>
  new Intl.DateTimeFormat(langue === 'en' ? 'en-US' : 'fr-FR', {
    timeZone: 'Europe/Paris',
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(new Date(ms));

export function verificationLink(publicUrl: string, key: string): string {
  return `${publicUrl}/user/register/${encodeURIComponent(key)}`;
}

export function resetLink(publicUrl: string, uid: string, token: string): string {
  return `${publicUrl}/user/password_reset/${encodeURIComponent(uid)}/${encodeURIComponent(token)}`;
}

const hello = (username: string, langue: MailLangue) =>
  langue === 'en' ? `Hello ${username},` : `Bonjour ${username},`;

export function verificationMail(to: string, username: string, url: string, langue: MailLangue): MailMessage {
  const en = langue === 'en';
  return {
    to,
    subject: en ? 'Confirm your e-mail address – Limni' : 'Confirmez votre adresse e-mail – Limni',
    ...renderMail({
      langue,
      greeting: hello(username, langue),
      paragraphs: en
        ? [
            'Thank you for signing up to Limni, the app of the levels and flows of the lakes and rivers of France.',
            'To activate your account, confirm your e-mail address with the link below.',
          ]
        : [
            'Merci de votre inscription sur Limni, l’application des niveaux et débits des lacs et rivières de France.',
            'Pour activer votre compte, confirmez votre adresse e-mail en suivant le lien ci-dessous.',
          ],
      action: { label: en ? 'Confirm my address' : 'Confirmer mon adresse', url },
      footnote: en
        ? 'This link expires in 3 days. If you did not sign up, ignore this message: no account will be activated.'
        : 'Ce lien expire dans 3 jours. Si vous n’êtes pas à l’origine de cette inscription, ignorez ce message : aucun compte ne sera activé.',
    }),
  };
}

export function emailChangeMail(to: string, username: string, url: string, langue: MailLangue): MailMessage {
  const en = langue === 'en';
  return {
    to,
    subject: en
      ? 'Confirm your new e-mail address – Limni'
      : 'Confirmez votre nouvelle adresse e-mail – Limni',
    ...renderMail({
      langue,
      greeting: hello(username, langue),
      paragraphs: en
        ? [
            'You asked to use this address for your Limni account.',
            'Confirm it with the link below; your former address stays in use until then.',
          ]
        : [
            'Vous avez demandé à utiliser cette adresse pour votre compte Limni.',
            'Confirmez-la en suivant le lien ci-dessous ; votre ancienne adresse reste utilisée jusque-là.',
          ],
      action: { label: en ? 'Confirm my new address' : 'Confirmer ma nouvelle adresse', url },
      footnote: en
        ? 'This link expires in 3 days. If you did not ask for this, ignore this message.'
        : 'Ce lien expire dans 3 jours. Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.',
    }),
  };
}

export function emailChangedNotice(
  to: string,
  username: string,
  newEmail: string,
  at: number,
  langue: MailLangue,
): MailMessage {
  const en = langue === 'en';
  return {
    to,
    subject: en ? 'Your e-mail address was changed – Limni' : 'Votre adresse e-mail a été modifiée – Limni',
    ...renderMail({
      langue,
      greeting: hello(username, langue),
      paragraphs: en
        ? [
            `On ${parisDateTime(at, langue)} (Paris time), the e-mail address of your Limni account was replaced by ${newEmail}.`,
            'Limni’s messages will now be sent to this new address.',
            'If you did not make this change, reply to this message or write to us from the Contact page.',
          ]
        : [
            `Le ${parisDateTime(at, langue)}, l’adresse e-mail de votre compte Limni a été remplacée par ${newEmail}.`,
            'Les messages de Limni seront désormais envoyés à cette nouvelle adresse.',
            'Si vous n’êtes pas à l’origine de ce changement, répondez à ce message ou écrivez-nous depuis la page Contact.',
          ],
    }),
  };
}

export function passwordResetMail(
  to: string,
  username: string,
  url: string,
  langue: MailLangue,
): MailMessage {
  const en = langue === 'en';
  return {
    to,
    subject: en ? 'Reset your password – Limni' : 'Réinitialisation de votre mot de passe – Limni',
    ...renderMail({
      langue,
      greeting: hello(username, langue),
      paragraphs: en
        ? [
            'A password reset was requested for your Limni account.',
            'To choose a new password, follow the link below.',
          ]
        : [
            'Une réinitialisation du mot de passe de votre compte Limni a été demandée.',
            'Pour choisir un nouveau mot de passe, suivez le lien ci-dessous.',
          ],
      action: { label: en ? 'Choose a new password' : 'Choisir un nouveau mot de passe', url },
      footnote: en
        ? 'This link works once and expires in 24 hours. If you asked for nothing, ignore this message: your password stays the same.'
        : 'Ce lien ne sert qu’une fois et expire dans 24 heures. Si vous n’avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.',
    }),
  };
}

export function passwordChangedMail(
  to: string,
  username: string,
  at: number,
  reset: boolean,
  langue: MailLangue,
): MailMessage {
  const en = langue === 'en';
  return {
    to,
    subject: en ? 'Your password was changed – Limni' : 'Votre mot de passe a été modifié – Limni',
    ...renderMail({
      langue,
      greeting: hello(username, langue),
      paragraphs: en
        ? [
            `The password of your Limni account was ${reset ? 'reset' : 'changed'} on ${parisDateTime(at, langue)} (Paris time).`,
            reset
              ? 'All your sessions were closed: sign in again with the new password.'
              : 'Your other sessions were closed; the one the change was made from stays open.',
            'If you did not make this change, ask for a reset at once from the sign-in page (“Forgot your password?”).',
          ]
        : [
            `Le mot de passe de votre compte Limni a été ${reset ? 'réinitialisé' : 'modifié'} le ${parisDateTime(at, langue)}.`,
            reset
              ? 'Toutes vos sessions ont été fermées : reconnectez-vous avec le nouveau mot de passe.'
              : 'Vos autres sessions ont été fermées ; celle depuis laquelle le changement a été fait reste ouverte.',
            'Si vous n’êtes pas à l’origine de ce changement, demandez tout de suite une réinitialisation depuis la page de connexion (« Mot de passe oublié »).',
          ],
    }),
  };
}
