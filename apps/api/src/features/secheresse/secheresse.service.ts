/**
 * A place's drought restrictions (docs/decisions/155): VigiEau's last answer about it, as stored by the daily job or
 * by the demo's seed. Nothing is asked upstream on a page view. At a past instant (`?t=`), only an answer read by
 * then is shown (orders are not archived): otherwise `inconnu`.
 */
import type { LieuSecheresse } from '@limni/shared/contracts/secheresse';
import { ZoneSecheresse } from '@limni/shared/contracts/secheresse';
import type { AppDeps } from '../../deps';
import { lieuExists } from '../../data/lieux.repo';
import { lieuSecheresse } from '../../data/secheresse.repo';
import { notFound } from '../../http/errors';
import { inconnu } from '../../http/messages';
import { instantConsulte } from '../../lib/instant-scope';
import { VIGIEAU_PUBLIC_URL } from '../../ingest/sources/vigieau';

const SOURCE = { nom: 'VigiEau', url: VIGIEAU_PUBLIC_URL };

export class SecheresseService {
  constructor(private readonly deps: Pick<AppDeps, 'db'>) {}

  async duLieu(lieuId: number): Promise<LieuSecheresse> {
    const db = this.deps.db.db;
    if (!(await lieuExists(db, lieuId))) throw notFound(inconnu('lieu', lieuId));
    const row = await lieuSecheresse(db, lieuId);
    const instant = instantConsulte();
    const inconnue: LieuSecheresse = {
      lieu_id: lieuId,
      etat: 'inconnu',
      lu_le: null,
      enregistrement: false,
      origine: null,
      zone: null,
      source: SOURCE,
    };
    if (!row || (instant !== null && row.lu_le > instant)) return inconnue;
    // A stored zone that no longer reads (a shape of an older version) is not shown as a restriction.
    const parsed = row.donnees === null ? null : ZoneSecheresse.safeParse(JSON.parse(row.donnees));
    if (row.etat === 'zone' && !parsed?.success) return inconnue;
    return {
      lieu_id: lieuId,
      etat: row.etat,
      lu_le: row.lu_le,
      enregistrement: row.origine !== null,
      origine: row.origine,
      zone: row.etat === 'zone' && parsed?.success ? parsed.data : null,
      source: SOURCE,
    };
  }
}
