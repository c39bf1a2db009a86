/** Publications of the places' social tab: rows, their photo, and the observations snapshot taken at posting time. */
import type { Kysely, Transaction } from 'kysely';
import * as z from 'zod/mini';
import {
  PUBLICATIONS_PAGE_SIZE,
  ReleveInstantane,
  type Publication,
} from '@limni/shared/contracts/publications';
import { uploadUrl } from '../../data/uploads';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

function parseReleves(json: string): ReleveInstantane[] {
  try {
    const parsed = z.safeParse(z.array(ReleveInstantane), JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

const baseQuery = (db: Db) =>
  db
    .selectFrom('publication')
    .innerJoin('user', 'user.id', 'publication.user_id')
    .leftJoin('profile', 'profile.user_id', 'publication.user_id')
    .select([
      'publication.id',
      'publication.lieu_id',
      'publication.texte',
      'publication.photo',
      'publication.releves',
      'publication.created_at',
      'user.username',
      'profile.avatar',
    ]);

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

const toPublication = (r: Row): Publication => ({
  id: r.id,
  lieu_id: r.lieu_id,
  texte: r.texte,
  photo: uploadUrl(r.photo),
  created_at: r.created_at,
  auteur: { username: r.username, avatar: uploadUrl(r.avatar) },
  releves: parseReleves(r.releves),
});

/** Published posts of a place, newest first, older than `avant` when given. */
export async function listPublications(db: Db, lieuId: number, avant?: number): Promise<Publication[]> {
  let q = baseQuery(db).where('publication.lieu_id', '=', lieuId).where('publication.statut', '=', 'publie');
  if (avant !== undefined) q = q.where('publication.created_at', '<', avant);
  const rows = await q
    .orderBy('publication.created_at', 'desc')
    .orderBy('publication.id', 'desc')
    .limit(PUBLICATIONS_PAGE_SIZE)
    .execute();
  return rows.map(toPublication);
}

export async function getPublication(db: Db, id: number): Promise<Publication | null> {
  const row = await baseQuery(db).where('publication.id', '=', id).executeTakeFirst();
  return row ? toPublication(row) : null;
}

/** Inserts the publication and its photo row (if any) in one transaction; returns its id. */
export async function insertPublication(
  db: Kysely<Database>,
  p: {
    userId: number;
    username: string;
    lieuId: number;
    texte: string;
    photo: string | null;
    releves: ReleveInstantane[];
    now: number;
  },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('publication')
      .values({
        user_id: p.userId,
        lieu_id: p.lieuId,
        texte: p.texte,
        photo: p.photo,
        releves: JSON.stringify(p.releves),
        statut: 'publie',
        created_at: p.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (p.photo) {
      // The photo also appears in the place's Photos tab, credited to its author; it goes with the publication.
      await trx
        .insertInto('photo')
        .values({
          lieu_id: p.lieuId,
          fichier: p.photo,
          credit: p.username,
          legende: p.texte.length > 140 ? `${p.texte.slice(0, 139)}…` : p.texte || null,
          user_id: p.userId,
          publication_id: id,
          created_at: p.now,
        })
        .execute();
    }
    return id;
  });
}

export async function publicationOwner(db: Db, id: number) {
  return db.selectFrom('publication').select(['user_id', 'photo']).where('id', '=', id).executeTakeFirst();
}

/** Deletes the publication and its photo row in one transaction. */
export async function deletePublication(db: Kysely<Database>, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('photo').where('publication_id', '=', id).execute();
    await trx.deleteFrom('publication').where('id', '=', id).execute();
  });
}

/** Newest published posts with a photo of a place, posted at or before `atMs` (at most `limit`). */
export async function publicationsAvecPhoto(
  db: Db,
  lieuId: number,
  atMs: number,
  limit = 500,
): Promise<Array<Publication & { photo: string }>> {
  const rows = await baseQuery(db)
    .where('publication.lieu_id', '=', lieuId)
    .where('publication.statut', '=', 'publie')
    .where('publication.photo', 'is not', null)
    .where('publication.created_at', '<=', atMs)
    .orderBy('publication.created_at', 'desc')
    .orderBy('publication.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toPublication).filter((p): p is Publication & { photo: string } => p.photo !== null);
}
