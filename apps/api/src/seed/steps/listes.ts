/** Seed step: Limni's mailing lists ("listes sib", docs/requirements.md R5.2), which users join from their profile. */
import { insertRows } from '../seed.repo';
import type { SeedStep } from '../step';

export const LISTES_SIB = [
  {
    id: 1,
    nom: 'La lettre de Limni',
    description:
      'Une fois par mois : la situation des lacs et rivières que vous suivez, les épisodes marquants du mois écoulé et une sélection de photos de la communauté.',
  },
  {
    id: 2,
    nom: 'Étiages et crues : le point de saison',
    description:
      'Au printemps et à la fin de l’été : les basses eaux et les crues à prévoir, les restrictions d’usage de l’eau en vigueur et les conseils de prudence pour les activités nautiques.',
  },
  {
    id: 3,
    nom: 'Nouveautés de Limni',
    description:
      'Quelques fois par an : les nouvelles fonctions du site, et des invitations à essayer les prochaines avant tout le monde.',
  },
] as const;

export const seedListes: SeedStep = async (trx, { log }) => {
  await insertRows(
    trx,
    'liste_sib',
    LISTES_SIB.map((l) => ({ ...l })),
  );
  log(`${LISTES_SIB.length} listes de diffusion`);
};
