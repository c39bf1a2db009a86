/** Seed step: the authorisations an administrator can grant (docs/decisions/039). */
import { insertRows } from '../seed.repo';
import type { SeedStep } from '../step';

export const seedAutorisations: SeedStep = async (trx) => {
  await insertRows(trx, 'autorisation', [
    {
      id: 1,
      nom: 'Prévisions',
      description: 'Consultation des prévisions de hauteur et de débit (Vigicrues) sur les pages des lieux.',
    },
  ]);
};
