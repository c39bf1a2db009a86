/** What the publication endpoints answer, in both languages (docs/decisions/148). */
import { texte } from '../../http/texte';

export const PUBLICATIONS = {
  formulaireInvalide: texte('Formulaire invalide.', 'Invalid form.'),
  texteOuPhoto: texte('Écrivez un texte ou joignez une photo.', 'Write a text or attach a photo.'),
  pasLaVotre: texte(
    'Vous ne pouvez supprimer que vos propres publications.',
    'You can only delete your own posts.',
  ),
} as const;
