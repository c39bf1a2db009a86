/** Strings of the basins page. */
import { defineMessages } from '../../lib/i18n';

export const useBassinsMessages = defineMessages(
  {
    titre: 'Bassins',
    intro:
      'La France est découpée en grands bassins hydrographiques, chacun suivi par une agence de l’eau. Choisissez un bassin pour voir ses lacs et ses rivières sur la carte.',
    metropole: 'Métropole',
    'outre-mer': 'Outre-mer',
    etranger: 'Hors de France',
    rivieres_one: '{n} rivière',
    rivieres_other: '{n} rivières',
    lacs_one: '{n} lac',
    lacs_other: '{n} lacs',
    lieux: '{n} lieux suivis, dont {m} avec des mesures',
    lieuxSansMesure: '{n} lieux suivis, aucun avec des mesures',
    vigilance: '{n} en vigilance jaune ou plus',
    choisir: 'Voir sur la carte',
    choisirAria: 'Voir sur la carte les lacs et rivières du bassin {nom}',
    emprise: 'Emprise du bassin {nom} sur la carte de France métropolitaine',
    sansDonnees: 'Aucun lac ni aucune rivière n’est encore suivi dans ces bassins : {noms}.',
    total: '{b} bassins, {n} lacs et rivières suivis.',
  },
  {
    titre: 'Basins',
    intro:
      'France is divided into large river basins, each looked after by a water agency. Choose a basin to see its lakes and rivers on the map.',
    metropole: 'Mainland France',
    'outre-mer': 'Overseas',
    etranger: 'Outside France',
    rivieres_one: '{n} river',
    rivieres_other: '{n} rivers',
    lacs_one: '{n} lake',
    lacs_other: '{n} lakes',
    lieux: '{n} places followed, {m} with readings',
    lieuxSansMesure: '{n} places followed, none with readings',
    vigilance: '{n} under yellow vigilance or above',
    choisir: 'See on the map',
    choisirAria: 'See on the map the lakes and rivers of the {nom} basin',
    emprise: 'Extent of the {nom} basin on the map of mainland France',
    sansDonnees: 'No lake or river is followed yet in these basins: {noms}.',
    total: '{b} basins, {n} lakes and rivers followed.',
  },
);
