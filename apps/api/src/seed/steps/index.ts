/**
 * Additional seed steps (activities and their thresholds, content pages, mailing lists…), run in order
 * inside the seed transaction after the referential and the observations.
 */
import type { SeedStep } from '../seed';
import { seedActivites } from './activites';
import { seedListes } from './listes';
import { seedPages } from './pages';

export const extraSeedSteps: SeedStep[] = [seedActivites, seedPages, seedListes];
