/** Contracts of `/api/communication/*`: the mailing lists a user may join (listes sib, docs/requirements.md R5.2). */
import * as z from 'zod/mini';

export const ListeSib = z.object({ id: z.int(), nom: z.string(), description: z.string() });
export type ListeSib = z.infer<typeof ListeSib>;
export const ListesSibResponse = z.array(ListeSib);
