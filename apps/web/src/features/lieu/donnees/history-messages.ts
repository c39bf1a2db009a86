/** Strings of the history shown with a place's data (band, class, rank, records, last year). */
import { defineMessages } from '../../../lib/i18n';

export const useHistoryMessages = defineMessages(
  {
    'tres-basses': 'très basses',
    basses: 'basses',
    normales: 'normales',
    hautes: 'hautes',
    'tres-hautes': 'très hautes',
    phrase:
      'Eaux {classe} pour un {jour} : {valeur}, plus haut que {rang} % des {jour} de {periode}. D’habitude entre {bas} et {haut} à cette date (une année sur deux).',
    phraseSansRang: 'Eaux {classe} pour un {jour} : {valeur}. D’habitude entre {bas} et {haut} à cette date.',
    legendeHabituel: 'Habituel à cette date ({periode}) : 8 années sur 10 (clair), 1 sur 2 (foncé)',
    legendeMediane: 'Médiane ({periode})',
    legendeAnDernier: 'L’an dernier',
    source:
      'Plage habituelle calculée sur {n} années complètes ({periode}) de débits journaliers : {origine}.',
    periode365: '1 an',
    periode1826: '5 ans',
    periode0: 'Tout',
    resumeTout: 'toute l’archive',
    lttbLong:
      'Courbe simplifiée pour l’affichage : {n} points tracés sur {total} valeurs (méthode LTTB, qui conserve les pics). Le fichier CSV contient les points tracés.',
    resumeBande:
      'Le {jour}, {valeur} : eaux {classe}, la plage habituelle à cette date va de {p10} à {p90} (médiane {p50}).',
    tableauBande: 'Tableau : valeurs et plage habituelle ({n} jours)',
    colJour: 'Jour',
    colValeur: 'Valeur ({unite})',
    colAnDernier: 'L’an dernier ({unite})',
    colMediane: 'Médiane',
    records: 'Records {periode}',
    recordMax: 'Plus haut débit journalier : {valeur} le {date}',
    recordMin: 'Plus bas débit journalier : {valeur} le {date}',
    recordsSource:
      'Archive de {n} jours, du {debut} au {fin} ; source : {origine}. Ce sont les records de cette archive, pas des records historiques.',
  },
  {
    'tres-basses': 'very low',
    basses: 'low',
    normales: 'normal',
    hautes: 'high',
    'tres-hautes': 'very high',
    phrase:
      '{classe} for a {jour}: {valeur}, higher than {rang}% of the {jour} values of {periode}. Usually between {bas} and {haut} on this date (one year in two).',
    phraseSansRang: '{classe} for a {jour}: {valeur}. Usually between {bas} and {haut} on this date.',
    legendeHabituel: 'Usual on this date ({periode}): 8 years in 10 (light), 1 in 2 (dark)',
    legendeMediane: 'Median ({periode})',
    legendeAnDernier: 'Last year',
    source: 'Usual range from {n} complete years ({periode}) of daily flows: {origine}.',
    periode365: '1 year',
    periode1826: '5 years',
    periode0: 'All',
    resumeTout: 'the whole archive',
    lttbLong:
      'Simplified curve: {n} points drawn out of {total} values (LTTB method, which keeps the peaks). The CSV file holds the points drawn.',
    resumeBande:
      'On {jour}, {valeur}: {classe}; the usual range on this date is {p10} to {p90} (median {p50}).',
    tableauBande: 'Table: values and usual range ({n} days)',
    colJour: 'Day',
    colValeur: 'Value ({unite})',
    colAnDernier: 'Last year ({unite})',
    colMediane: 'Median',
    records: 'Records {periode}',
    recordMax: 'Highest daily flow: {valeur} on {date}',
    recordMin: 'Lowest daily flow: {valeur} on {date}',
    recordsSource:
      'Archive of {n} days, {debut} to {fin}; source: {origine}. These are the records of this archive, not historical records.',
  },
);
