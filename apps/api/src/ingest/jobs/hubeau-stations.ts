/**
 * Daily: the Hub'Eau station catalogue (`referentiel/stations`, page + size). For the stations Limni knows (a
 * place with that `code_station`), it keeps whether the station is in service (`station_mesure_ok`, which also
 * decides whether observations are polled), why not (`station_motif`: out of service, or — after a complete read of
 * the catalogue — no longer listed; shown on the place) and the altitude of the gauge zero. A station Limni does not
 * know becomes a place of its river (docs/decisions/097): the river entity with its Sandre code, else with its name
 * in the same basin, else a new river; a station out of service, without coordinates or without river name is only
 * counted.
 */
import type { Kysely } from 'kysely';
import { nameKey, riverDisplayName, slugify } from '@limni/shared/domain/names';
import type { Database } from '../../db/schema';
import { communeDisplayName, LETTER_TO_BASSIN, lieuFromLabel } from '@limni/shared/domain/names';
import { stationsCatalogue, type StationRow } from '../sources/hubeau';
import {
  basinsAndDepartements,
  createStationLieux,
  entitySlugs,
  lieuxWithStation,
  rivers,
  updateStationStates,
  type NewRiver,
  type NewStationLieu,
  type StationMotif,
  type StationState,
} from './hubeau.repo';
import type { IngestJob } from './runner';

/** Places unknown catalogue stations on rivers: by Sandre code, else by name within the basin, else a new river. */
export async function stationAssigner(db: Kysely<Database>) {
  const { bassinByCode, departements } = await basinsAndDepartements(db);
  const all = await rivers(db);
  const byCode = new Map(all.filter((r) => r.code_cours_eau).map((r) => [r.code_cours_eau as string, r.id]));
  const byName = new Map<string, number[]>();
  for (const r of all) byName.set(nameKey(r.nom), [...(byName.get(nameKey(r.nom)) ?? []), r.id]);
  const slugs = await entitySlugs(db);
  const bassinOfEntity = new Map(all.map((r) => [r.id, r.bassin_slug]));
  const newRivers = new Map<string, NewRiver>();

  /** The place of a station, or why it has none. */
  return (
    st: StationRow,
  ): NewStationLieu | 'hors_service' | 'sans_coordonnees' | 'sans_cours_eau' | 'sans_bassin' => {
    if (st.en_service === false) return 'hors_service';
    if (st.longitude_station == null || st.latitude_station == null) return 'sans_coordonnees';
    const nom = riverDisplayName(st.libelle_cours_eau ?? '');
    if (!nom) return 'sans_cours_eau';
    const bassin = bassinByCode.get(LETTER_TO_BASSIN[st.code_station.charAt(0)] ?? '');
    const code = st.code_cours_eau?.trim() || null;
    let entite: number | NewRiver | undefined = code ? byCode.get(code) : undefined;
    if (entite === undefined) {
      const sameName = byName.get(nameKey(nom)) ?? [];
      entite = sameName.find((id) => !bassin || bassinOfEntity.get(id) === bassin) ?? sameName[0];
    }
    if (entite === undefined) {
      if (!bassin) return 'sans_bassin';
      const key = code ? `C:${code}` : `N:${nameKey(nom)}|${bassin}`;
      let river = newRivers.get(key);
      if (!river) {
        let slug = slugify(nom);
        if (slugs.has(slug)) slug = `${slug}-${bassin}`;
        for (let i = 2; slugs.has(slug); i++) slug = `${slugify(nom)}-${bassin}-${i}`;
        slugs.add(slug);
        river = { nom, slug, bassin_slug: bassin, code_cours_eau: code };
        newRivers.set(key, river);
      }
      entite = river;
    }
    const libelle = st.libelle_station ?? `${nom} (${st.code_station})`;
    const dep = st.code_departement && departements.has(st.code_departement) ? st.code_departement : null;
    return {
      entite,
      nom: lieuFromLabel(libelle),
      libelle,
      lat: st.latitude_station,
      lon: st.longitude_station,
      station_mesure_ok: 1,
      code_station: st.code_station,
      code_site: st.code_site ?? null,
      commune: st.libelle_commune ? communeDisplayName(st.libelle_commune) : null,
      departement_code: dep,
      altitude_zero: st.altitude_ref_alti_station ?? null,
    };
  };
}

/** A Hub'Eau station code (10 characters); places of other sources or of a site code are not in the catalogue. */
const HUBEAU_STATION_CODE = /^[A-Z0-9]{10}$/;

type KnownPlace = Awaited<ReturnType<typeof lieuxWithStation>>[number];

/** What the catalogue changes for a known place: in service or not and why, gauge zero; null when nothing. */
export function catalogueState(lieu: KnownPlace, st: StationRow, now: number): StationState | null {
  // Listed again after it had left the catalogue: in service unless it says otherwise.
  const back = lieu.station_motif === 'absente_du_catalogue';
  const ok: 0 | 1 = st.en_service === false ? 0 : st.en_service === true || back ? 1 : lieu.station_mesure_ok;
  const motif =
    ok === 1 ? null : st.en_service === false ? 'hors_service' : (lieu.station_motif as StationMotif | null);
  const depuis =
    motif === null ? null : motif === lieu.station_motif ? (lieu.station_motif_depuis ?? now) : now;
  const alt = st.altitude_ref_alti_station ?? lieu.altitude_zero;
  if (
    ok === lieu.station_mesure_ok &&
    alt === lieu.altitude_zero &&
    motif === lieu.station_motif &&
    depuis === lieu.station_motif_depuis
  ) {
    return null;
  }
  return {
    id: lieu.id,
    station_mesure_ok: ok,
    altitude_zero: alt,
    station_motif: motif,
    station_motif_depuis: depuis,
  };
}

/** Known stations that a complete catalogue no longer lists: no more polled, and the place says why. */
function absentStates(absent: readonly KnownPlace[], now: number): StationState[] {
  return absent
    .filter((l) => l.station_mesure_ok === 1 || l.station_motif !== 'absente_du_catalogue')
    .map((l) => ({
      id: l.id,
      station_mesure_ok: 0 as const,
      altitude_zero: l.altitude_zero,
      station_motif: 'absente_du_catalogue' as const,
      station_motif_depuis:
        l.station_motif === 'absente_du_catalogue' ? (l.station_motif_depuis ?? now) : now,
    }));
}

export interface HubeauStationsOptions {
  baseUrl: string;
  pageSize?: number;
}

export function hubeauStationsJob(opts: HubeauStationsOptions): IngestJob {
  return {
    name: 'hubeau-stations',
    schedule: '17 3 * * *',
    runAtStartIfOlderThan: 24 * 3_600_000,
    async run(ctx) {
      const known = new Map((await lieuxWithStation(ctx.db)).map((l) => [l.code_station as string, l]));
      const lieuTrouve = await stationAssigner(ctx.db);
      const seen = new Set<string>();
      let truncated = false;
      for await (const page of stationsCatalogue({
        ...ctx.http,
        baseUrl: opts.baseUrl,
        size: opts.pageSize,
      })) {
        ctx.count('pages');
        ctx.count('stations_catalogue', page.stations.length);
        if (page.truncated) {
          truncated = true;
          ctx.count('catalogue_tronque');
          ctx.log.warn(
            { count: page.count },
            "Catalogue Hub'Eau tronqué à 20 000 stations (limite de profondeur)",
          );
        }
        const updates: StationState[] = [];
        const created: NewStationLieu[] = [];
        for (const st of page.stations) {
          const lieu = known.get(st.code_station);
          if (!lieu) {
            ctx.count('stations_inconnues');
            const p = lieuTrouve(st);
            if (typeof p === 'string') ctx.count(`stations_non_placees_${p}`);
            else created.push(p);
            continue;
          }
          seen.add(st.code_station);
          if (st.en_service === false) ctx.count('stations_hors_service');
          const u = catalogueState(lieu, st, ctx.now());
          if (u) updates.push(u);
        }
        await updateStationStates(ctx.db, updates);
        ctx.count('lieux_mis_a_jour', updates.length);
        const made = await createStationLieux(ctx.db, created);
        ctx.count('lieux_crees', made.lieux);
        ctx.count('cours_eau_crees', made.entites);
      }
      ctx.count('stations_connues', seen.size);
      const absent = [...known.values()].filter(
        (l) => !seen.has(l.code_station as string) && HUBEAU_STATION_CODE.test(l.code_station as string),
      );
      ctx.count('stations_absentes_du_catalogue', absent.length);
      // Only a complete read tells that a station left the catalogue (the paging ended without a failure).
      if (!truncated) await updateStationStates(ctx.db, absentStates(absent, ctx.now()));
      ctx.setCheckpoint({ catalogueAt: ctx.now() });
    },
  };
}
