/** Seed step: the Vigicrues alerts in force in the recorded national bulletin (yellow and above). */
import {
  NIVEAUX_VIGILANCE as NIVEAUX,
  SIGNIFICATIONS_VIGILANCE as SIGNIFICATIONS,
} from '@limni/shared/domain/vigilance';
import { insertRows } from '../seed.repo';
import type { SeedStep } from '../step';

/** Issue time of the recorded national Vigicrues bulletin (InfoVigiCru_TypEntVigiCru2_detail.json). */
export const VIGILANCE_RECORDED_AT = Date.parse('2021-01-24T08:16:03+01:00');

export const seedVigilance: SeedStep = async (trx, { ref, now }) => {
  const rows = ref.troncons
    .filter((t) => t.niveau !== null && t.niveau >= 2)
    .map((t) => {
      const niveau = t.niveau as number;
      return {
        scope: 'troncon' as const,
        scope_id: t.id,
        source: 'vigicrues' as const,
        niveau,
        titre: `Vigilance ${NIVEAUX[niveau]} crues — ${t.nom}`,
        message: `Vigicrues a placé le tronçon « ${t.nom} » (${t.territoire_nom}) en vigilance ${NIVEAUX[niveau]} dans son bulletin du 24/01/2021 à 08h16. ${SIGNIFICATIONS[niveau]}`,
        debut: VIGILANCE_RECORDED_AT,
        fin: null,
        created_at: now,
      };
    });
  await insertRows(trx, 'alerte', rows);
};
