/** The words of the instant consulted (« Voir à une autre date », docs/decisions/152). */
import { defineMessages } from '../../lib/i18n';

export const useInstantMessages = defineMessages(
  {
    titre: 'Voir Limni à une autre date',
    description:
      'Limni montre alors tout comme à cet instant\u00a0: relevés, tendance, vigilance, verdicts, prévisions alors publiées. Rien n’est modifié.',
    date: 'Date',
    heure: 'Heure (Paris)',
    valider: 'Voir à cette date',
    maintenant: 'Revenir à maintenant',
    changer: 'Changer de date',
    fermer: 'Fermer',
    banniere: 'Limni tel qu’il était le {instant}',
    banniereTexte:
      'Valeurs, âges, vigilance, verdicts et prévisions sont ceux de cet instant, heure de Paris\u00a0; rien de ce qui a suivi.',
    journalier:
      'Avant le {debut}, Limni ne garde que des valeurs journalières\u00a0: les relevés de cet instant ne sont pas connus.',
    invalide:
      'L’adresse demande une date qui n’en est pas une («\u00a0{texte}\u00a0»)\u00a0: écrivez-la AAAA-MM-JJTHH:MM.',
    futur: 'Cette date est dans le futur\u00a0: on ne peut voir Limni qu’à un instant passé.',
    dateRequise: 'Choisissez une date.',
    verification: 'Vérification…',
  },
  {
    titre: 'See Limni at another date',
    description:
      'Limni then shows everything as it was at that instant: readings, trend, vigilance, verdicts, the forecasts then published. Nothing is changed.',
    date: 'Date',
    heure: 'Time (Paris)',
    valider: 'See this date',
    maintenant: 'Back to now',
    changer: 'Change date',
    fermer: 'Close',
    banniere: 'Limni as it was on {instant}',
    banniereTexte:
      'Values, ages, vigilance, verdicts and forecasts are those of that instant, Paris time; nothing that came after.',
    journalier: 'Before {debut}, Limni keeps daily values only: the readings of that instant are not known.',
    invalide: 'The address asks for a date that is not one (“{texte}”): write it YYYY-MM-DDTHH:MM.',
    futur: 'This date is in the future: Limni can only be seen at a past instant.',
    dateRequise: 'Choose a date.',
    verification: 'Checking…',
  },
);
