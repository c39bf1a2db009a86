/** Strings of the quality of each value (docs/decisions/154): the chart's legend and marks, the table's column. */
import { defineMessages } from '../../../lib/i18n';

export const useQualiteMessages = defineMessages(
  {
    brute: 'brute',
    pre_validee: 'pré-validée',
    validee: 'validée',
    douteuse: 'douteuse',
    non_qualifiee: 'non qualifiée',
    bonne: 'bonne',
    colQualite: 'Qualité',
    colQualiteAide:
      'Statut de validation donné par le producteur (brute, pré-validée, validée) et sa qualification ; une valeur douteuse n’est jamais utilisée comme valeur actuelle ni pour une alerte.',
    legendeDouteuseUne: '{n} valeur jugée douteuse par le producteur (marquée d’un triangle, non utilisée)',
    legendeDouteuses:
      '{n} valeurs jugées douteuses par le producteur (marquées d’un triangle, non utilisées)',
    legendeStatuts: 'Statut des valeurs : {liste}',
    statutCompte: '{statut} ({n})',
    inconnu: 'non précisé',
  },
  {
    brute: 'raw',
    pre_validee: 'pre-validated',
    validee: 'validated',
    douteuse: 'doubtful',
    non_qualifiee: 'not qualified',
    bonne: 'good',
    colQualite: 'Quality',
    colQualiteAide:
      'Validation status given by the producer (raw, pre-validated, validated) and its qualification; a doubtful value is never used as the current value nor for an alert.',
    legendeDouteuseUne: '{n} value judged doubtful by its producer (marked with a triangle, not used)',
    legendeDouteuses: '{n} values judged doubtful by their producer (marked with a triangle, not used)',
    legendeStatuts: 'Status of the values: {liste}',
    statutCompte: '{statut} ({n})',
    inconnu: 'not stated',
  },
);
