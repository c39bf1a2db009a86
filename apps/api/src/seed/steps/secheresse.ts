/**
 * Seed step: the drought orders of the offline demo (ADR 155). One recorded VigiEau answer (July 2023, zone
 * « EURE Moyen haut », Crise) for the places of its stand-in outline; every other place « aucune » in that same
 * recording. Each row names the recording (`origine`): the page says it is dated and not today's situation, and the
 * first live read of VigiEau replaces it.
 */
import { normaliseZone, ZonePayload } from '../../ingest/sources/vigieau';
import { readSeedJson } from '../files';
import { dansEmprise, FICHIER_SECHERESSE, type SecheresseEnregistree } from '../secheresse-enregistree';
import { insertRows } from '../seed.repo';
import type { SeedStep } from '../step';

export const seedSecheresse: SeedStep = async (trx, { ref }) => {
  const rec = readSeedJson<SecheresseEnregistree>(FICHIER_SECHERESSE);
  const zone = normaliseZone(ZonePayload.parse(rec.reponse));
  // The recording's last known day, at noon in Paris (summer time in July).
  const luLe = Date.parse(`${rec.enregistre_au_plus_tard}T12:00:00+02:00`);
  const origine = `VigiEau, réponse enregistrée (${FICHIER_SECHERESSE})`;
  await insertRows(trx, 'secheresse_zone', [{ id: zone.id, donnees: JSON.stringify(zone), lu_le: luLe }]);
  await insertRows(
    trx,
    'lieu_secheresse',
    ref.lieux.map((l) => {
      const inside = dansEmprise(rec.emprise_demo, l.lon_gps, l.lat_gps);
      return {
        lieu_id: l.id,
        etat: inside ? ('zone' as const) : ('aucune' as const),
        zone_id: inside ? zone.id : null,
        lu_le: luLe,
        origine,
      };
    }),
  );
};
