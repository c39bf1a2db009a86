/**
 * VigiEau (`api.vigieau.gouv.fr`, ministère de la Transition écologique, Licence Ouverte 2.0): the drought orders
 * in force at a point, by alert zone (docs/decisions/155). `GET {base}/zones?lon=…&lat=…` answers the zones the
 * point lies in — a list (one zone per kind of water: SUP surface, SOU ground, AEP drinking), or one zone object
 * when asked for one kind — and 404 « Aucune zone d'alerte en vigueur » where no order is in force, 404 « … ne sont
 * pas disponibles » where the département is not covered.
 *
 * The answer's shape changed in 2024: `niveauAlerte` (« Crise ») became `niveauGravite` (`crise`), `idZone` became
 * `id`, an usage's `usage`/`details` became `nom`/`description`. Both are read; anything else is a schema error and
 * nothing of it is stored.
 */
import { z } from 'zod';
import type { ZoneSecheresse } from '@limni/shared/contracts/secheresse';
import { activitesConcernees, niveauSecheresse } from '@limni/shared/domain/secheresse';
import { getJson, parsePayload, underBase, UpstreamError, type HttpOptions } from '../http';

const SOURCE = 'VigiEau' as const;
export const VIGIEAU_PUBLIC_URL = 'https://vigieau.gouv.fr';

const text = z.string().nullish();

const UsagePayload = z
  .object({
    nom: text,
    usage: text,
    thematique: z.string(),
    niveauRestriction: text,
    description: text,
    details: text,
    heureDebut: text,
    heureFin: text,
  })
  .refine((u) => (u.nom ?? u.usage ?? '').trim() !== '', 'usage sans nom (champ nom ou usage)');

const ArretePayload = z.object({
  dateDebutValidite: text,
  dateFinValidite: text,
  cheminFichier: text,
  cheminFichierArreteCadre: text,
});

const Level = z.string().refine((s) => niveauSecheresse(s) !== null, 'niveau inconnu');

export const ZonePayload = z
  .object({
    id: z.union([z.number(), z.string()]).nullish(),
    idZone: z.union([z.number(), z.string()]).nullish(),
    code: text,
    nom: z.string(),
    type: z.string(),
    departement: text,
    niveauGravite: Level.nullish(),
    niveauAlerte: Level.nullish(),
    arrete: ArretePayload.nullish(),
    usages: z.array(UsagePayload),
  })
  .refine((z) => (z.id ?? z.idZone) != null, 'zone sans identifiant (champ id ou idZone)')
  .refine((z) => (z.niveauGravite ?? z.niveauAlerte) != null, 'zone sans niveau (champ niveauGravite)');
export type ZonePayload = z.infer<typeof ZonePayload>;

const ZonesPayload = z.union([z.array(ZonePayload), ZonePayload]);

export interface VigieauOptions extends HttpOptions {
  baseUrl: string;
}

/** What VigiEau says about a point. */
export type ReponseVigieau =
  { etat: 'zone'; zone: ZoneSecheresse } | { etat: 'aucune' } | { etat: 'non_couvert' };

const trimmed = (s: string | null | undefined): string | null => {
  const t = s?.replace(/\s+/g, ' ').trim();
  return t ? t : null;
};
const day = (s: string | null | undefined): string | null => {
  const t = trimmed(s);
  return t && /^\d{4}-\d{2}-\d{2}/.test(t) ? t.slice(0, 10) : null;
};
const httpsUrl = (s: string | null | undefined): string | null => {
  const t = trimmed(s);
  if (!t) return null;
  try {
    const u = new URL(t);
    return u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
};

/** One zone of the payload in Limni's shape. */
export function normaliseZone(z: ZonePayload): ZoneSecheresse {
  const niveau = niveauSecheresse(z.niveauGravite ?? z.niveauAlerte ?? '');
  if (niveau === null) throw new Error('niveau déjà vérifié par le schéma');
  return {
    id: String(z.id ?? z.idZone),
    nom: trimmed(z.nom) ?? '',
    type: z.type,
    departement: trimmed(z.departement),
    niveau,
    arrete: {
      debut: day(z.arrete?.dateDebutValidite),
      fin: day(z.arrete?.dateFinValidite),
      pdf: httpsUrl(z.arrete?.cheminFichier),
      pdf_cadre: httpsUrl(z.arrete?.cheminFichierArreteCadre),
    },
    usages: z.usages.map((u) => {
      const nom = trimmed(u.nom ?? u.usage) ?? '';
      return {
        nom,
        thematique: trimmed(u.thematique) ?? '',
        restriction: trimmed(u.niveauRestriction),
        details: trimmed(u.description ?? u.details),
        heure_debut: trimmed(u.heureDebut),
        heure_fin: trimmed(u.heureFin),
        activites: activitesConcernees({ nom, thematique: u.thematique }),
      };
    }),
  };
}

export function zonesUrl(baseUrl: string, lon: number, lat: number): string {
  const q = new URLSearchParams({ lon: lon.toFixed(5), lat: lat.toFixed(5) });
  return `${baseUrl.replace(/\/+$/, '')}/zones?${q.toString()}`;
}

/**
 * The surface-water zone at a point (rivers and lakes: the kind of water Limni's places are on). A zone of another
 * kind only (ground water, drinking water) is « aucune » for a day on the water.
 */
export async function zoneSecheresseAt(
  lon: number,
  lat: number,
  opts: VigieauOptions,
): Promise<ReponseVigieau> {
  let body: unknown;
  try {
    body = (await getJson(SOURCE, zonesUrl(opts.baseUrl, lon, lat), underBase(opts))).body;
  } catch (err) {
    if (err instanceof UpstreamError && err.status === 404) {
      if (/pas disponibles|non couvert|not covered/i.test(err.message)) return { etat: 'non_couvert' };
      if (/aucune zone/i.test(err.message)) return { etat: 'aucune' };
    }
    throw err;
  }
  if (body === null) return { etat: 'aucune' };
  const zones = parsePayload(SOURCE, 'zones', ZonesPayload, body, opts.log);
  const sup = (Array.isArray(zones) ? zones : [zones]).find((z) => z.type.toUpperCase() === 'SUP');
  return sup ? { etat: 'zone', zone: normaliseZone(sup) } : { etat: 'aucune' };
}
