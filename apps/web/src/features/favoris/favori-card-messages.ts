/** Strings of a favourite place's card (on "Mes favoris" and on the home page). */
import { defineMessages } from '../../lib/i18n';

export const useFavoriCardMessages = defineMessages(
  {
    retirer: 'Retirer des favoris',
    retirerAria: 'Retirer {nom} de vos favoris',
    introuvable: 'Ce lieu n’existe plus dans Limni.',
    lieuN: 'Lieu n° {id}',
    avisPour: 'Avis pour {activite}',
    aucuneMesure: 'Pas de mesure à ce lieu.',
    erreur: 'Les données de ce lieu n’ont pas pu être chargées.',
  },
  {
    retirer: 'Remove from favourites',
    retirerAria: 'Remove {nom} from your favourites',
    introuvable: 'This place no longer exists in Limni.',
    lieuN: 'Place no. {id}',
    avisPour: 'Verdict for {activite}',
    aucuneMesure: 'No reading at this place.',
    erreur: 'The data of this place could not be loaded.',
  },
);
