/** What the oEmbed endpoint answers when it cannot, in both languages (docs/decisions/148). */
import { texte, type Texte } from '../../http/texte';

export const EMBED = {
  jsonSeulement: texte(
    'Seul le format json est proposé (format=json).',
    'Only the json format is offered (format=json).',
  ),
  pasUnePage: (publicUrl: string): Texte =>
    texte(
      `Cette adresse n’est pas une page de lieu ou de rivière de Limni (${publicUrl}/lieu/… ou /entite/…).`,
      `This address is not a Limni place or river page (${publicUrl}/lieu/… or /entite/…).`,
    ),
} as const;
