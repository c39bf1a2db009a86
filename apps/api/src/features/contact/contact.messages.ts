/** What the contact form answers, in both languages (docs/decisions/148). */
import { texte, type Texte } from '../../http/texte';

export const CONTACT = {
  merci: texte(
    'Merci, votre message a bien été envoyé à l’équipe Limni. Nous vous répondrons à l’adresse indiquée.',
    'Thank you, your message has been sent to the Limni team. We will answer at the address you gave.',
  ),
  /** After the hourly limit: the wait in whole minutes. */
  patientez: (retryAfterS: number): Texte => {
    const min = Math.max(1, Math.ceil(retryAfterS / 60));
    return texte(
      `Vous avez déjà envoyé plusieurs messages. Merci de réessayer dans ${min} min.`,
      `You have already sent several messages. Please try again in ${min} min.`,
    );
  },
  nonTransmis: texte(
    "Votre message est bien enregistré, mais sa transmission par e-mail à l'équipe a échoué. " +
      'Nous le traiterons dès que possible : inutile de le renvoyer.',
    'Your message is saved, but sending it by e-mail to the team failed. ' +
      'We will handle it as soon as possible: no need to send it again.',
  ),
} as const;
