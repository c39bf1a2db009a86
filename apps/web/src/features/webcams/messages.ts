/** Strings of the webcam list. */
import { defineMessages } from '../../lib/i18n';

export const useWebcamsMessages = defineMessages(
  {
    titre: 'Webcams',
    intro:
      'Les images des webcams installées près des lacs et des rivières suivis par Limni, avec la date de la prise de vue quand l’adresse de l’image la donne.',
    nb_one: '{n} webcam',
    nb_other: '{n} webcams',
    aucune: 'Aucune webcam pour le moment',
    aucuneTexte:
      'Aucun des lieux suivis par Limni n’a encore de webcam. Dès qu’un lieu en a une, son image apparaît ici et dans l’onglet « Webcam » de la page du lieu.',
    choisir: 'Choisir un lac ou une rivière',
    alt: 'Image de la webcam {nom} ({lieu})',
    dateInconnue: 'Date de la prise de vue inconnue',
    credit: 'Image : {credit}',
    voirLieu: 'Voir {lieu}',
    imageIndisponible: 'Image indisponible pour le moment',
  },
  {
    titre: 'Webcams',
    intro:
      'Images from webcams near the lakes and rivers followed by Limni, with the time the picture was taken when the image address gives it.',
    nb_one: '{n} webcam',
    nb_other: '{n} webcams',
    aucune: 'No webcam for now',
    aucuneTexte:
      'None of the places Limni follows has a webcam yet. As soon as a place has one, its image shows here and in the “Webcam” tab of the place page.',
    choisir: 'Choose a lake or a river',
    alt: 'Image from the {nom} webcam ({lieu})',
    dateInconnue: 'Time of the picture unknown',
    credit: 'Image: {credit}',
    voirLieu: 'See {lieu}',
    imageIndisponible: 'Image unavailable at the moment',
  },
);
