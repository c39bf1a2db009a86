/** Strings of the "Contactez-nous" form. */
import { defineMessages } from '../../lib/i18n';

export const useContactMessages = defineMessages(
  {
    titre: 'Contactez-nous',
    intro:
      'Une question sur une mesure, une erreur à signaler, un lieu à ajouter ? Écrivez-nous : nous vous répondrons à l’adresse que vous indiquez.',
    nom: 'Votre nom',
    email: 'Votre adresse e-mail',
    emailAide: 'Nous ne l’utilisons que pour vous répondre.',
    sujet: 'Sujet',
    message: 'Message',
    compteur: '{n} / {max} caractères',
    piege: 'Ne remplissez pas ce champ',
    envoyer: 'Envoyer le message',
    envoi: 'Envoi…',
    erreurs: 'Le message n’est pas parti : corrigez le ou les champs signalés.',
    erreurEnvoi: 'Le message n’a pas pu être envoyé.',
    tropDeMessages: 'Trop de messages envoyés',
    merciTitre: 'Message envoyé',
    autreMessage: 'Écrire un autre message',
    retourAccueil: 'Retour à l’accueil',
    obligatoire: 'obligatoire',
    tousObligatoires: 'Tous les champs sont obligatoires.',
  },
  {
    titre: 'Contact us',
    intro:
      'A question about a reading, an error to report, a place to add? Write to us: we will answer at the address you give.',
    nom: 'Your name',
    email: 'Your e-mail address',
    emailAide: 'We only use it to answer you.',
    sujet: 'Subject',
    message: 'Message',
    compteur: '{n} / {max} characters',
    piege: 'Do not fill in this field',
    envoyer: 'Send the message',
    envoi: 'Sending…',
    erreurs: 'The message was not sent: please correct the fields shown.',
    erreurEnvoi: 'The message could not be sent.',
    tropDeMessages: 'Too many messages sent',
    merciTitre: 'Message sent',
    autreMessage: 'Write another message',
    retourAccueil: 'Back to home',
    obligatoire: 'required',
    tousObligatoires: 'All fields are required.',
  },
);
