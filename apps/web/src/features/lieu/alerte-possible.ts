/**
 * Whether an alert on a place can ever fire (docs/decisions/144): a place on a Vigicrues tronçon can always be told of
 * its vigilance changes; otherwise its alerts need readings — none without a station, none in a demonstration
 * dataset that holds no reading of it (nothing arrives there).
 */
import type { LieuDetail } from '@limni/shared/contracts/hydro';

export type AlerteImpossible = 'sans_station' | 'demo_sans_mesure';

export function alerteImpossible(
  lieu: Pick<LieuDetail, 'troncon' | 'capteurs' | 'a_des_mesures'>,
  live: boolean,
): AlerteImpossible | null {
  if (lieu.troncon !== null) return null;
  if (lieu.capteurs.length === 0) return 'sans_station';
  return !lieu.a_des_mesures && !live ? 'demo_sans_mesure' : null;
}
