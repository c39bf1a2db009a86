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
    // An archive of daily maxima (docs/decisions/140): every value named as the day's highest level.
    phraseMax:
      'Eaux {classe} pour un {jour} : maximum journalier de {valeur}, plus haut que {rang} % des maxima journaliers des {jour} de {periode}. Maximum journalier d’habitude entre {bas} et {haut} à cette date (une année sur deux).',
    phraseSansRangMax:
      'Eaux {classe} pour un {jour} : maximum journalier de {valeur}. Maximum journalier d’habitude entre {bas} et {haut} à cette date.',
    legendeHabituelMax:
      'Maximum journalier habituel à cette date ({periode}) : 8 années sur 10 (clair), 1 sur 2 (foncé)',
    legendeMedianeMax: 'Médiane des maxima journaliers ({periode})',
    sourceMax:
      'Plage habituelle calculée sur {n} années complètes ({periode}) de maxima journaliers de hauteur (le plus haut niveau de chaque jour) : {origine}.',
    compareMax:
      'La courbe est la hauteur relevée à chaque instant ; elle est comparée aux maxima journaliers, qu’une hauteur relevée en cours de journée ne dépasse pas.',
    infobulleMax: 'P10–P90 des maxima journaliers {periode}',
    colPMax: '{p} des maxima journaliers {periode} ({unite})',
    resumeBandeMax:
      'Le {jour}, maximum journalier de {valeur} : eaux {classe}, la plage habituelle des maxima journaliers à cette date va de {p10} à {p90} (médiane {p50}).',
    colValeurMax: 'Maximum journalier ({unite})',
    recordMaxMax: 'Plus haut maximum journalier : {valeur} le {date}',
    recordMinMax: 'Plus bas maximum journalier : {valeur} le {date}',
    plusHautsMaxima: 'Plus hauts maxima annuels ({n} années, {periode}) :',
    maximumAnnuel: '{valeur} le {date}',
    rangAnnee:
      'Plus haut de {annee} jusqu’au {date} : {valeur} le {jour}, {rang} plus haut maximum annuel des {n} années de la série ({periode}).',
    rangAnnee1:
      'Plus haut de {annee} jusqu’au {date} : {valeur} le {jour}, le plus haut maximum annuel des {n} années de la série ({periode}).',
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
    phraseMax:
      '{classe} for a {jour}: daily maximum of {valeur}, higher than {rang}% of the {jour} daily maxima of {periode}. Daily maximum usually between {bas} and {haut} on this date (one year in two).',
    phraseSansRangMax:
      '{classe} for a {jour}: daily maximum of {valeur}. Daily maximum usually between {bas} and {haut} on this date.',
    legendeHabituelMax: 'Usual daily maximum on this date ({periode}): 8 years in 10 (light), 1 in 2 (dark)',
    legendeMedianeMax: 'Median daily maximum ({periode})',
    sourceMax:
      'Usual range from {n} complete years ({periode}) of daily maximum water levels (each day’s highest level): {origine}.',
    compareMax:
      'The curve is the level read at each instant; it is compared with daily maxima, which a level read during the day does not exceed.',
    infobulleMax: 'P10–P90 of daily maxima {periode}',
    colPMax: '{p} of daily maxima {periode} ({unite})',
    resumeBandeMax:
      'On {jour}, daily maximum of {valeur}: {classe}; the usual range of daily maxima on this date is {p10} to {p90} (median {p50}).',
    colValeurMax: 'Daily maximum ({unite})',
    recordMaxMax: 'Highest daily maximum: {valeur} on {date}',
    recordMinMax: 'Lowest daily maximum: {valeur} on {date}',
    plusHautsMaxima: 'Highest annual maxima ({n} years, {periode}):',
    maximumAnnuel: '{valeur} on {date}',
    rangAnnee:
      'Highest of {annee} up to {date}: {valeur} on {jour}, the {rang} highest annual maximum in the {n} years of the series ({periode}).',
    rangAnnee1:
      'Highest of {annee} up to {date}: {valeur} on {jour}, the highest annual maximum in the {n} years of the series ({periode}).',
  },
);
