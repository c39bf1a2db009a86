/**
 * The account e-mails (docs/decisions/035), in French, text and HTML through `renderMail`. Links are built from
 * PUBLIC_URL and open the web app's routes (docs/requirements.md R2.3): `/user/register/{key}` and
 * `/user/password_reset/{uid}/{token}`.
 */
import { renderMail, type MailMessage } from '../../notify/mail';

export const VERIFICATION_TTL_MS = 3 * 24 * 3600 * 1000;
export const RESET_TTL_MS = 24 * 3600 * 1000;

const parisDateTime = (ms: number) =>
  new Intl.DateTimeFormat('fr-FR', {
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

export function verificationMail(to: string, username: string, url: string): MailMessage {
  return {
    to,
    subject: 'Confirmez votre adresse e-mail – Limni',
    ...renderMail({
      greeting: `Bonjour ${username},`,
      paragraphs: [
        'Merci de votre inscription sur Limni, l’application des niveaux et débits des lacs et rivières de France.',
        'Pour activer votre compte, confirmez votre adresse e-mail en suivant le lien ci-dessous.',
      ],
      action: { label: 'Confirmer mon adresse', url },
      footnote:
        'Ce lien expire dans 3 jours. Si vous n’êtes pas à l’origine de cette inscription, ignorez ce message : aucun compte ne sera activé.',
    }),
  };
}

export function emailChangeMail(to: string, username: string, url: string): MailMessage {
  return {
    to,
    subject: 'Confirmez votre nouvelle adresse e-mail – Limni',
    ...renderMail({
      greeting: `Bonjour ${username},`,
      paragraphs: [
        'Vous avez demandé à utiliser cette adresse pour votre compte Limni.',
        'Confirmez-la en suivant le lien ci-dessous ; votre ancienne adresse reste utilisée jusque-là.',
      ],
      action: { label: 'Confirmer ma nouvelle adresse', url },
      footnote:
        'Ce lien expire dans 3 jours. Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.',
    }),
  };
}

export function emailChangedNotice(to: string, username: string, newEmail: string, at: number): MailMessage {
  return {
    to,
    subject: 'Votre adresse e-mail a été modifiée – Limni',
    ...renderMail({
      greeting: `Bonjour ${username},`,
      paragraphs: [
        `Le ${parisDateTime(at)}, l’adresse e-mail de votre compte Limni a été remplacée par ${newEmail}.`,
        'Les messages de Limni seront désormais envoyés à cette nouvelle adresse.',
        'Si vous n’êtes pas à l’origine de ce changement, répondez à ce message ou écrivez-nous depuis la page Contact.',
      ],
    }),
  };
}

export function passwordResetMail(to: string, username: string, url: string): MailMessage {
  return {
    to,
    subject: 'Réinitialisation de votre mot de passe – Limni',
    ...renderMail({
      greeting: `Bonjour ${username},`,
      paragraphs: [
        'Une réinitialisation du mot de passe de votre compte Limni a été demandée.',
        'Pour choisir un nouveau mot de passe, suivez le lien ci-dessous.',
      ],
      action: { label: 'Choisir un nouveau mot de passe', url },
      footnote:
        'Ce lien ne sert qu’une fois et expire dans 24 heures. Si vous n’avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.',
    }),
  };
}

export function passwordChangedMail(to: string, username: string, at: number, reset: boolean): MailMessage {
  return {
    to,
    subject: 'Votre mot de passe a été modifié – Limni',
    ...renderMail({
      greeting: `Bonjour ${username},`,
      paragraphs: [
        `Le mot de passe de votre compte Limni a été ${reset ? 'réinitialisé' : 'modifié'} le ${parisDateTime(at)}.`,
        reset
          ? 'Toutes vos sessions ont été fermées : reconnectez-vous avec le nouveau mot de passe.'
          : 'Vos autres sessions ont été fermées ; celle depuis laquelle le changement a été fait reste ouverte.',
        'Si vous n’êtes pas à l’origine de ce changement, demandez tout de suite une réinitialisation depuis la page de connexion (« Mot de passe oublié »).',
      ],
    }),
  };
}
