/** Strings of the content pages (crédits, mentions légales, prévisions, avantages du compte). */
import { defineMessages } from '../../lib/i18n';

export const usePagesMessages = defineMessages(
  {
    majLe: 'Mis à jour le {date}',
    tableau: 'Tableau (faites défiler horizontalement si besoin)',
    creerCompte: 'Créer un compte',
    seConnecter: 'Se connecter',
    voirProfil: 'Voir mon profil',
    ecrire: 'Une question ? Écrivez-nous',
    introuvable: 'Cette page n’est pas disponible pour le moment.',
    texteFrancais: 'Ce texte n’existe qu’en français.',
  },
  {
    majLe: 'Updated on {date}',
    tableau: 'Table (scroll sideways if needed)',
    creerCompte: 'Create an account',
    seConnecter: 'Sign in',
    voirProfil: 'See my profile',
    ecrire: 'A question? Write to us',
    introuvable: 'This page is not available at the moment.',
    texteFrancais: 'This text is only available in French.',
  },
);
