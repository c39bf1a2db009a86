/** Strings of "Mes favoris" (the cards' strings are in favori-card-messages.ts). */
import { defineMessages } from '../../lib/i18n';

export const useFavorisMessages = defineMessages(
  {
    titre: 'Mes favoris',
    intro:
      'Vos lieux favoris avec leur dernière mesure, sa tendance et l’avis du jour pour l’activité choisie. Ils sont gardés sur cet appareil.',
    nb_one: '{n} lieu favori',
    nb_other: '{n} lieux favoris',
    vide: 'Vous n’avez pas encore de favori',
    videTexte:
      'Sur la page d’un lieu, touchez l’étoile « Ajouter aux favoris » : le lieu apparaîtra ici avec sa hauteur, sa tendance et l’avis pour votre activité, sans avoir à le chercher.',
    choisir: 'Choisir un lac ou une rivière',
    retire: '{nom} a été retiré de vos favoris.',
  },
  {
    titre: 'My favourites',
    intro:
      'Your favourite places with their latest reading, its trend and today’s verdict for the chosen activity. They are kept on this device.',
    nb_one: '{n} favourite place',
    nb_other: '{n} favourite places',
    vide: 'You have no favourite yet',
    videTexte:
      'On a place page, tap the star “Add to favourites”: the place will show here with its level, its trend and the verdict for your activity, without searching for it.',
    choisir: 'Choose a lake or a river',
    retire: '{nom} was removed from your favourites.',
  },
);
