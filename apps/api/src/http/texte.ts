/**
 * A sentence the API says, written in each of its languages where it is decided (docs/decisions/148): French, the
 * default, and US English. A feature writes its sentences from its own catalogue (`*.messages.ts`); the HTTP layer
 * picks the asked language and never reads a sentence back.
 */
export interface Texte {
  readonly fr: string;
  readonly en: string;
}

export const texte = (fr: string, en: string): Texte => ({ fr, en });

/** The messages of an error's fields: one sentence for one field. */
export const champ = (name: string, t: Texte): Record<string, Texte[]> => ({ [name]: [t] });
