/**
 * The seed steps, run in this order inside the seed transaction: the referential first, then what hangs on it
 * (recorded series, vigilance alerts, authorisations, activities and their thresholds, content pages, mailing
 * lists).
 */
import type { SeedStep } from '../step';
import { seedActivites } from './activites';
import { seedArchive } from './archive';
import { seedAutorisations } from './autorisations';
import { seedListes } from './listes';
import { seedObservations } from './observations';
import { seedPages } from './pages';
import { seedReferentiel } from './referentiel';
import { seedVigilance } from './vigilance';

export const SEED_STEPS: readonly SeedStep[] = [
  seedReferentiel,
  seedObservations,
  seedArchive,
  seedVigilance,
  seedAutorisations,
  seedActivites,
  seedPages,
  seedListes,
];
