/** Addresses of the entity and stretch screens (docs/requirements.md R2.3), with the chosen activity. */
export type Vue = 'carte' | 'liste';

export function entiteHref(id: number, vue: Vue, ida: number): string {
  return `/entite/${id}/${vue}/activite/${ida}`;
}

export function tronconHref(id: number, ida: number): string {
  return `/entite-troncon/${id}/carte/activite/${ida}`;
}
