/** A sensor's name in the page's language (the API sends the French one). */
import { nomCapteurIn } from '@limni/shared/domain/capteurs-en';
import { currentLangue } from './i18n';

export function nomCapteur(libelle: string): string {
  return nomCapteurIn(libelle, currentLangue());
}
