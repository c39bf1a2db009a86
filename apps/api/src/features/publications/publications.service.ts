/**
 * Publications of a place: list, publish (text and optional photo re-encoded by sharp, the observations at
 * posting time, 30 an hour per account), delete one's own. Errors are the French 400/403/404/429 of the API.
 */
import type { PhotosNiveau, Publication, ReleveInstantane } from '@limni/shared/contracts/publications';
import { niveauProche, PHOTOS_NIVEAU_MAX, toleranceNiveau } from '@limni/shared/domain/niveau-proche';
import { PUBLICATION_PHOTO_MAX_PX } from '@limni/shared/contracts/publications';
import type { AppDeps } from '../../deps';
import { capteurStatesAt, dataNowOfLieu } from '../../data/observations';
import { serviceModeOf } from '../../data/service-mode';
import { reencodeImage, removeUploads, saveUpload } from '../../data/uploads';
import type { AuthUser } from '../../http/auth';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { RateLimiter, type LimitPolicy } from '../../http/limiter';
import type { UploadedFile } from '../../http/multipart';
import { lieuExists } from '../../data/lieux.repo';
import * as repo from './publications.repo';
import { inconnu } from '../../http/messages';
import { champ } from '../../http/texte';
import { PUBLICATIONS } from './publications.messages';
import { instantConsulte } from '../../lib/instant-scope';

/** What a publication form holds once read and checked (`read` in `publish`). */
export interface PublicationInput {
  lieuId: number;
  texte: string;
  file: UploadedFile | null;
}

/** Publications one account may post per hour. */
export const PUBLICATIONS_PER_HOUR = 30;
const PER_USER: LimitPolicy = { bucket: 'publication-user', max: PUBLICATIONS_PER_HOUR, windowMs: 3600_000 };

export class PublicationsService {
  private readonly db;
  private readonly limiter: RateLimiter;

  constructor(private readonly deps: Pick<AppDeps, 'db' | 'env' | 'now'>) {
    this.db = deps.db.db;
    this.limiter = new RateLimiter(this.db, deps.now);
  }

  /** Published posts of a place, newest first, older than `avant` when given. */
  async list(lieuId: number, avant?: number): Promise<Publication[]> {
    if (!(await lieuExists(this.db, lieuId))) {
      throw notFound(inconnu('lieu', lieuId));
    }
    // At an instant consulted (docs/decisions/152), nothing published after it.
    const consulte = instantConsulte();
    const bound = consulte === null ? avant : Math.min(avant ?? Infinity, consulte + 1);
    return repo.listPublications(this.db, lieuId, bound);
  }

  /**
   * « À quoi ressemble ce niveau » (docs/decisions/153): the community photos stamped with a reading close to the
   * place's fresh reading at the data clock — water level first, else flow — closest first, then newest.
   */
  async photosNiveau(lieuId: number): Promise<PhotosNiveau> {
    if (!(await lieuExists(this.db, lieuId))) throw notFound(inconnu('lieu', lieuId));
    const now = await dataNowOfLieu(this.db, serviceModeOf(this.deps), this.deps.now, lieuId);
    const states = await capteurStatesAt(this.db, [lieuId], now);
    const fresh = (g: 'H' | 'Q') =>
      states.find((s) => s.grandeur === g && s.valeur !== null && s.ts !== null && s.fraicheur === 'a_jour');
    const state = fresh('H') ?? fresh('Q');
    if (!state || state.valeur === null || state.ts === null || state.grandeur === 'T') {
      return { lieu_id: lieuId, releve: null, tolerance: null, photos: [] };
    }
    const { grandeur, valeur } = state;
    const photos = (await repo.publicationsAvecPhoto(this.db, lieuId, now))
      .flatMap((p) => {
        const stamp = p.releves.find((r) => r.grandeur === grandeur);
        if (!stamp || stamp.valeur === null || stamp.ts === null) return [];
        if (!niveauProche(grandeur, valeur, stamp.valeur, stamp.ts, p.created_at)) return [];
        return [
          {
            publication_id: p.id,
            url: p.photo,
            texte: p.texte,
            auteur: p.auteur.username,
            created_at: p.created_at,
            valeur: stamp.valeur,
            ts: stamp.ts,
          },
        ];
      })
      .sort(
        (a, b) => Math.abs(a.valeur - valeur) - Math.abs(b.valeur - valeur) || b.created_at - a.created_at,
      )
      .slice(0, PHOTOS_NIVEAU_MAX);
    return {
      lieu_id: lieuId,
      releve: { grandeur, unite: state.unite, valeur, ts: state.ts },
      tolerance: toleranceNiveau(grandeur, valeur),
      photos,
    };
  }

  /**
   * Publishes on a place: at least a text or a photo, an existing place, within the hourly limit
   * (docs/decisions/107). The slot is taken before anything is read or decoded — an account over its limit costs
   * nothing but this check — and given back when the publication is not stored, whatever the reason.
   */
  async publish(author: AuthUser, read: () => Promise<PublicationInput>): Promise<Publication> {
    const slot = await this.limiter.consume(PER_USER, `user:${author.id}`);
    let stored: string | null = null;
    let id: number;
    try {
      const { lieuId, texte, file } = await read();
      if (!texte && !file) {
        throw badRequest(PUBLICATIONS.texteOuPhoto, champ('texte', PUBLICATIONS.texteOuPhoto));
      }
      if (!(await lieuExists(this.db, lieuId))) {
        const message = inconnu('lieu', lieuId);
        throw badRequest(message, champ('lieu', message));
      }
      const photo = file
        ? await reencodeImage(file.data, { maxSide: PUBLICATION_PHOTO_MAX_PX, field: 'photo' })
        : null;
      const now = this.deps.now();
      const releves = await this.releves(lieuId, now);
      stored = photo ? await saveUpload(this.deps.env.DATA_DIR, 'publications', photo) : null;
      id = await repo.insertPublication(this.db, {
        userId: author.id,
        username: author.username,
        lieuId,
        texte,
        photo: stored,
        releves,
        now,
      });
    } catch (err) {
      await removeUploads(this.deps.env.DATA_DIR, [stored]);
      await this.limiter.release(slot);
      throw err;
    }
    const created = await repo.getPublication(this.db, id);
    if (!created) throw notFound();
    return created;
  }

  /** Deletes one of the author's publications and its photo. */
  async remove(author: AuthUser, id: number): Promise<void> {
    const row = await repo.publicationOwner(this.db, id);
    if (!row) throw notFound(inconnu('publication', id));
    if (row.user_id !== author.id) {
      throw forbidden(PUBLICATIONS.pasLaVotre);
    }
    await repo.deletePublication(this.db, id);
    await removeUploads(this.deps.env.DATA_DIR, [row.photo]);
  }

  /** The latest observation of each sensor of the place at `atMs` (the snapshot kept with the post). */
  private async releves(lieuId: number, atMs: number): Promise<ReleveInstantane[]> {
    const states = await capteurStatesAt(this.db, [lieuId], atMs);
    return states.map((s) => ({
      grandeur: s.grandeur,
      unite: s.unite,
      libelle: s.libelle,
      valeur: s.valeur,
      ts: s.ts,
      tendance: s.tendance,
      variation_h: s.variation_h,
    }));
  }
}
