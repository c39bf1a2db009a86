/**
 * The recorded VigiEau answer of the offline demo (`seed-data/vigieau_zone_11083_2023-07.json`, ADR 155) and the
 * stand-in outline of its zone: the answer carries none, so the demo (and the recorded upstream that plays VigiEau)
 * give it to the points within `rayon_km` of `centre`.
 */
import { distanceKm } from '@limni/shared/domain/couverture';

export const FICHIER_SECHERESSE = 'vigieau_zone_11083_2023-07.json';

export interface SecheresseEnregistree {
  origine: string;
  licence: string;
  /** The last day the recording is known to have been VigiEau's answer (YYYY-MM-DD). */
  enregistre_au_plus_tard: string;
  emprise_demo: { centre: [number, number]; rayon_km: number };
  reponse: Record<string, unknown>;
}

/** Whether a point lies in the recorded zone's stand-in outline. */
export function dansEmprise(e: SecheresseEnregistree['emprise_demo'], lon: number, lat: number): boolean {
  return distanceKm(lat, lon, e.centre[1], e.centre[0]) <= e.rayon_km;
}
