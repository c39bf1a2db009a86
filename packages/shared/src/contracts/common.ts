/**
 * Shapes shared by every endpoint: the error body, path parameters (ids, days, day counts).
 * Contracts are written with `zod/mini` so that the web app can parse every response within its bundle budget
 * (docs/decisions/007-zod-mini-contracts.md). Messages are French: they reach people through the web app.
 */
import * as z from 'zod/mini';
import { fr } from 'zod/locales';
import { isIsoDay } from '../domain/time';

// French messages for every issue that has no message of its own (shared by zod and zod/mini).
z.config(fr());

export const ERROR_CODES = [
  'validation',
  'not_found',
  'unauthorized',
  'forbidden',
  'rate_limited',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'upstream_unavailable',
  'not_implemented',
  'internal',
] as const;
export const ErrorCode = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const ErrorBody = z.object({
  error: z.object({
    code: ErrorCode,
    message: z.string(),
    /** Field → French messages, for forms. */
    fields: z.optional(z.record(z.string(), z.array(z.string()))),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Largest id of an `integer` column (PostgreSQL int4): a larger one would fail in the query, not in validation. */
export const MAX_ID = 2_147_483_647;

/** A positive integer id in a path (`/entite/12`), at most MAX_ID. */
export const IdParam = z.pipe(
  z.string().check(z.regex(/^[1-9]\d{0,9}$/, "L'identifiant doit être un nombre entier positif")),
  z.pipe(
    z.transform((v: string) => Number(v)),
    z
      .number()
      .check(z.maximum(MAX_ID, `L'identifiant doit être un nombre entier positif d'au plus ${MAX_ID}`)),
  ),
);

/** A calendar day `YYYY-MM-DD` in a path, checked to exist (2022-13-45 is refused). */
export const DayParam = z.string().check(
  z.refine(isIsoDay, {
    message: 'La date doit être un jour réel au format AAAA-MM-JJ (par exemple 2022-01-31)',
  }),
);

export const MAX_DAYS = 366;
/** A number of days in a path, 1 to 366. */
export const NbDaysParam = z.pipe(
  z.string().check(z.regex(/^\d{1,4}$/, 'Le nombre de jours doit être un entier')),
  z.pipe(
    z.transform((v: string) => Number(v)),
    z.number().check(
      z.refine((n) => n >= 1 && n <= MAX_DAYS, {
        message: `Le nombre de jours doit être compris entre 1 et ${MAX_DAYS}`,
      }),
    ),
  ),
);

export const EntityIdParams = z.object({ id: IdParam });

/** Epoch milliseconds (UTC). */
export const EpochMs = z.int();

export const Grandeur = z.enum(['H', 'Q', 'T']);
export type Grandeur = z.infer<typeof Grandeur>;
