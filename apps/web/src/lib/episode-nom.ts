/** A recorded episode's name in the page's language (the API sends the French one, docs/decisions/146). */
import { EPISODES_EN } from '@limni/shared/domain/episodes-en';
import { currentLangue, type Langue } from './i18n';

export function nomEpisode(e: { code: string; libelle: string }, langue: Langue = currentLangue()): string {
  return (langue === 'en' && EPISODES_EN[e.code]) || e.libelle;
}
