/**
 * The seed steps, run in this order inside the seed transaction: the referential first, then what hangs on it
 * (recorded series, the Loire forecast episode of December 2024, vigilance alerts, the recorded drought orders, authorisations, activities and their thresholds, content pages, mailing
 * lists).
 */
import type { SeedStep } from '../step';
import { seedActivites } from './activites';
import { seedArchive } from './archive';
import { seedEpisodes } from './episodes';
import { seedAutorisations } from './autorisations';
import { seedListes } from './listes';
import { seedObservations } from './observations';
import { seedPages } from './pages';
import { seedReferentiel } from './referentiel';
import { seedSecheresse } from './secheresse';
import { seedToulouse } from './toulouse';
import { seedVigilance } from './vigilance';

export const SEED_STEPS: readonly SeedStep[] = [
  seedReferentiel,
  seedObservations,
  seedArchive,
  seedToulouse,
  seedEpisodes,
  seedVigilance,
  seedSecheresse,
  seedAutorisations,
  seedActivites,
  seedPages,
  seedListes,
];
