/**
 * Daily: the Hub'Eau station catalogue (`referentiel/stations`, page + size). For the stations Limni knows (a
 * place with that `code_station`), it keeps whether the station is in service (`station_mesure_ok`, which also
 * decides whether observations are polled) and the altitude of the gauge zero. Unknown stations are counted, not
 * created: a place needs a lake or river, which the referential build decides (seed).
 */
import { stationsCatalogue } from '../sources/hubeau';
import { placesWithStation, updateStationStates, type StationState } from './hubeau.repo';
import type { IngestJob } from './runner';

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
      const known = new Map((await placesWithStation(ctx.db)).map((l) => [l.code_station as string, l]));
      const seen = new Set<string>();
      for await (const page of stationsCatalogue({
        ...ctx.http,
        baseUrl: opts.baseUrl,
        size: opts.pageSize,
      })) {
        ctx.count('pages');
        ctx.count('stations_catalogue', page.stations.length);
        if (page.truncated) {
          ctx.count('catalogue_tronque');
          ctx.log.warn(
            { count: page.count },
            "Catalogue Hub'Eau tronqué à 20 000 stations (limite de profondeur)",
          );
        }
        const updates: StationState[] = [];
        for (const st of page.stations) {
          const lieu = known.get(st.code_station);
          if (!lieu) {
            ctx.count('stations_inconnues');
            continue;
          }
          seen.add(st.code_station);
          const ok: 0 | 1 = st.en_service === false ? 0 : st.en_service === true ? 1 : lieu.station_mesure_ok;
          const alt = st.altitude_ref_alti_station ?? lieu.altitude_zero;
          if (st.en_service === false) ctx.count('stations_hors_service');
          if (ok !== lieu.station_mesure_ok || alt !== lieu.altitude_zero) {
            updates.push({ id: lieu.id, station_mesure_ok: ok, altitude_zero: alt });
          }
        }
        await updateStationStates(ctx.db, updates);
        ctx.count('lieux_mis_a_jour', updates.length);
      }
      ctx.count('stations_connues', seen.size);
      ctx.count('stations_absentes_du_catalogue', known.size - seen.size);
      ctx.setCheckpoint({ catalogueAt: ctx.now() });
    },
  };
}
