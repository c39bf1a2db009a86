/** Strings of the account components other screens embed (subscribe button). */
import { defineMessages } from '../../lib/i18n';

export const useAccountComponentMessages = defineMessages(
  {
    sabonner: 'S’abonner',
    abonne: 'Abonné',
    abonneEnPause: 'Abonné · alertes en pause',
    connexionRequise: 'Connectez-vous pour recevoir les alertes de ce lieu',
    sabonnerDescription: 'Recevoir les alertes de ce lieu',
    gererAbonnement: 'Gérer l’abonnement à {nom}',
    dialogTitre: 'Abonnement à {nom}',
    dialogTexte:
      'Vous suivez ce lieu : ses alertes vous sont envoyées par e-mail ou par notification, selon vos préférences.',
    ceLieu: 'ce lieu',
    alertesActives: 'Recevoir les alertes de ce lieu',
    alertesActivesAide: 'Désactivez-les pour garder ce lieu dans vos abonnements sans recevoir d’alerte.',
    preferences: 'Choisir e-mail ou notification',
    sedesabonner: 'Se désabonner',
    abonnementCree: 'Vous êtes abonné à {nom} : ses alertes vous seront envoyées.',
    abonnementArrete: 'Vous n’êtes plus abonné à {nom}.',
    alertesReprises: 'Les alertes de {nom} reprennent.',
    alertesSuspendues: 'Les alertes de {nom} sont en pause.',
  },
  {
    sabonner: 'Subscribe',
    abonne: 'Subscribed',
    abonneEnPause: 'Subscribed · alerts paused',
    connexionRequise: 'Sign in to receive this place’s alerts',
    sabonnerDescription: 'Receive this place’s alerts',
    gererAbonnement: 'Manage the subscription to {nom}',
    dialogTitre: 'Subscription to {nom}',
    dialogTexte: 'You follow this place: its alerts reach you by e-mail or notification, as you chose.',
    ceLieu: 'this place',
    alertesActives: 'Receive this place’s alerts',
    alertesActivesAide: 'Turn them off to keep this place in your subscriptions without alerts.',
    preferences: 'Choose e-mail or notification',
    sedesabonner: 'Unsubscribe',
    abonnementCree: 'You are subscribed to {nom}: its alerts will reach you.',
    abonnementArrete: 'You are no longer subscribed to {nom}.',
    alertesReprises: 'Alerts for {nom} resume.',
    alertesSuspendues: 'Alerts for {nom} are paused.',
  },
);
