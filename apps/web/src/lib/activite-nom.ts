/** An activity's name and description in the page's language (the API sends the French ones). */
import { ACTIVITES_EN } from '@limni/shared/domain/activites-en';
import { currentLangue } from './i18n';

export function nomActivite(a: { slug?: string; nom: string }): string {
  return (currentLangue() === 'en' && a.slug && ACTIVITES_EN[a.slug]?.nom) || a.nom;
}

export function descriptionActivite(a: { slug: string; description: string }): string {
  return (currentLangue() === 'en' && ACTIVITES_EN[a.slug]?.description) || a.description;
}
