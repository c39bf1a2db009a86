/**
 * Contracts of the publications (the place's social tab): `POST user/new-publication` (multipart),
 * `GET hydro/lieu/{id}/publications` (newest first) and `DELETE user/publication/{id}` (the author only).
 */
import * as z from 'zod/mini';
import { EpochMs, Grandeur, IdParam } from './common';
import { Tendance } from './hydro';

export const PUBLICATION_TEXT_MAX = 2000;
/** Largest photo accepted (before re-encoding). */
export const PUBLICATION_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** Longest side of a re-encoded publication photo. */
export const PUBLICATION_PHOTO_MAX_PX = 2048;
/** Publications listed per page. */
export const PUBLICATIONS_PAGE_SIZE = 50;

/** One sensor's observation when the publication was posted ("Posté quand la Garonne était à 3,12 m ↗"). */
export const ReleveInstantane = z.object({
  grandeur: Grandeur,
  unite: z.string(),
  libelle: z.string(),
  valeur: z.nullable(z.number()),
  ts: z.nullable(EpochMs),
  tendance: z.nullable(Tendance),
  variation_h: z.nullable(z.number()),
});
export type ReleveInstantane = z.infer<typeof ReleveInstantane>;

export const Publication = z.object({
  id: z.int(),
  lieu_id: z.int(),
  texte: z.string(),
  /** URL of the re-encoded photo, null when none. */
  photo: z.nullable(z.string()),
  created_at: EpochMs,
  auteur: z.object({ username: z.string(), avatar: z.nullable(z.string()) }),
  releves: z.array(ReleveInstantane),
});
export type Publication = z.infer<typeof Publication>;
export const PublicationsResponse = z.array(Publication);

/** `GET hydro/lieu/{id}/publications?avant=<epoch ms>`: the page of publications older than `avant`. */
export const PublicationsQuery = z.object({
  avant: z.optional(
    z.pipe(
      z
        .string()
        .check(z.regex(/^\d{1,15}$/, 'Le paramètre « avant » doit être un instant en millisecondes.')),
      z.transform((v: string) => Number(v)),
    ),
  ),
});

/**
 * `GET hydro/lieu/{id}/photos-niveau`: the community photos taken at a level close to the place's reading at the data
 * clock (`domain/niveau-proche.ts`), closest first; `releve` null (and no photo) when the place has no fresh reading.
 */
export const PhotosNiveau = z.object({
  lieu_id: z.int(),
  releve: z.nullable(
    z.object({ grandeur: z.enum(['H', 'Q']), unite: z.string(), valeur: z.number(), ts: EpochMs }),
  ),
  /** The widest difference that still counts as the same level, in the quantity's unit. */
  tolerance: z.nullable(z.number()),
  photos: z.array(
    z.object({
      publication_id: z.int(),
      url: z.string(),
      texte: z.string(),
      auteur: z.string(),
      created_at: EpochMs,
      /** The reading the photo was stamped with. */
      valeur: z.number(),
      ts: EpochMs,
    }),
  ),
});
export type PhotosNiveau = z.infer<typeof PhotosNiveau>;

export const PublicationIdParams = z.object({ id: IdParam });

/**
 * The text fields of the multipart form of `user/new-publication` (the file field is `photo`): multipart fields
 * are strings.
 */
export const NewPublicationFields = z.object({
  lieu: z.pipe(
    z.string().check(z.regex(/^[1-9]\d{0,9}$/, "L'identifiant du lieu doit être un entier positif.")),
    z.pipe(
      z.transform((v: string) => Number(v)),
      z.number().check(z.maximum(2_147_483_647, "L'identifiant du lieu doit être un entier positif.")),
    ),
  ),
  texte: z
    .string()
    .check(
      z.maxLength(PUBLICATION_TEXT_MAX, `Le texte ne doit pas dépasser ${PUBLICATION_TEXT_MAX} caractères.`),
    ),
});
export type NewPublicationFields = z.infer<typeof NewPublicationFields>;
