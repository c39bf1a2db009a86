/**
 * Weather at the place (`GET meteo/lieu/{id}`, Open-Meteo by its coordinates): now and the next days, with the
 * attribution CC BY 4.0 requires. When the service cannot answer the API says so (`etat: 'indisponible'`) and the
 * widget shows that message instead of an error.
 */
import { useQuery } from '@tanstack/react-query';
import type { MeteoDisponible } from '@limni/shared/contracts/meteo';
import { libelleMeteo, METEO_ATTRIBUTION, METEO_ATTRIBUTION_EN } from '@limni/shared/domain/meteo';
import { PARIS_TZ } from '@limni/shared/domain/time';
import { meteoQuery } from '../../../../api/lieu';
import { useHydroMessages } from '../../../hydro';
import { ErrorState, SkeletonBlock } from '../../../../components/ui/States';
import { dateTimeFormat, formatDateTime, formatNumber } from '../../../../lib/format';
import { currentLangue, currentLocale } from '../../../../lib/i18n';
import { useInstantConsulte } from '../../../../lib/instant-consulte';

const num = (v: number | null, unit: string, digits = 0) =>
  v === null || !Number.isFinite(v) ? '—' : `${formatNumber(v, digits)}\u00a0${unit}`;

const DIRECTIONS = {
  fr: ['N', 'NE', 'E', 'SE', 'S', 'SO', 'O', 'NO'],
  en: ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'],
};
function direction(deg: number | null): string {
  if (deg === null) return '';
  return ` ${DIRECTIONS[currentLangue()][Math.round((((deg % 360) + 360) % 360) / 45) % 8] ?? ''}`;
}

/** The weather's words in the page's language: the API's French label, or the English of its WMO code. */
function libelle(code: number | null, fr: string | null): string | null {
  return currentLangue() === 'en' ? (libelleMeteo(code, 'en') ?? fr) : fr;
}

function weekday(jour: string, i: number, today: string): string {
  if (i === 0) return today;
  const label = dateTimeFormat(currentLocale(), {
    timeZone: PARIS_TZ,
    weekday: 'long',
    day: 'numeric',
  }).format(new Date(`${jour}T12:00:00Z`));
  return label.charAt(0).toLocaleUpperCase() + label.slice(1);
}

export function MeteoWidget({ lieuId, titleId }: { lieuId: number; titleId: string }) {
  const m = useHydroMessages();
  // Weather is not archived: at a past instant (docs/decisions/152) it is not asked at all.
  const past = useInstantConsulte() !== null;
  const meteo = useQuery({ ...meteoQuery(lieuId), enabled: !past });
  return (
    <section aria-labelledby={titleId} className="card space-y-3">
      <h2 id={titleId} className="text-lg font-semibold">
        {m('meteoTitre')}
      </h2>
      {past ? (
        <p className="text-sm text-muted">{m('meteoPassee')}</p>
      ) : meteo.isPending ? (
        <SkeletonBlock lines={4} />
      ) : meteo.isError ? (
        <ErrorState message={meteo.error.message} onRetry={() => void meteo.refetch()} />
      ) : meteo.data.etat === 'indisponible' ? (
        <>
          <p className="font-medium">{m('meteoIndisponible')}</p>
          <p className="text-sm text-muted">
            {currentLangue() === 'en' ? m(`meteoRaison_${meteo.data.raison}`) : meteo.data.message}
          </p>
          <Attribution source={meteo.data.source} />
        </>
      ) : (
        <Disponible data={meteo.data} />
      )}
    </section>
  );
}

function Attribution({ source }: { source: MeteoDisponible['source'] }) {
  return (
    <p className="text-xs text-muted">
      <a className="link underline" href={source.url} rel="noopener noreferrer" target="_blank">
        {currentLangue() === 'en' && source.attribution === METEO_ATTRIBUTION
          ? METEO_ATTRIBUTION_EN
          : source.attribution}
      </a>
    </p>
  );
}

function Disponible({ data }: { data: MeteoDisponible }) {
  const m = useHydroMessages();
  const a = data.actuel;
  const u = data.unites;
  return (
    <>
      {a && (
        <div>
          <p className="flex items-baseline gap-3">
            <span className="text-4xl font-bold tabular-nums">{num(a.temperature, u.temperature, 0)}</span>
            {a.libelle && <span className="font-medium">{libelle(a.code_meteo, a.libelle)}</span>}
          </p>
          <ul className="mt-2 space-y-0.5 text-sm">
            {a.temperature_ressentie !== null && (
              <li>{m('meteoRessentie', { t: num(a.temperature_ressentie, u.temperature) })}</li>
            )}
            {a.vent !== null && (
              <li>
                {m('meteoVent', { v: `${num(a.vent, u.vent)}${direction(a.direction_vent)}` })}
                {a.rafales !== null && `, ${m('meteoRafales', { v: num(a.rafales, u.vent) })}`}
              </li>
            )}
            {a.humidite !== null && <li>{m('meteoHumidite', { v: num(a.humidite, u.humidite) })}</li>}
            {a.precipitation !== null && (
              <li>{m('meteoPluie', { v: num(a.precipitation, u.precipitation, 1) })}</li>
            )}
          </ul>
        </div>
      )}
      {data.quotidien.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-muted">{m('meteoJours')}</h3>
          <ul className="mt-1 divide-y divide-line">
            {data.quotidien.map((d, i) => (
              <li
                key={d.jour}
                className="flex flex-wrap items-baseline justify-between gap-x-3 py-1.5 text-sm"
              >
                <span className="font-medium">{weekday(d.jour, i, m('meteoAujourdhui'))}</span>
                <span className="text-muted">{libelle(d.code_meteo, d.libelle) ?? ''}</span>
                <span className="tabular-nums">
                  {num(d.temperature_min, u.temperature)} / {num(d.temperature_max, u.temperature)}
                  {d.precipitation !== null && d.precipitation > 0 && (
                    <span className="text-muted"> · {num(d.precipitation, u.precipitation, 1)}</span>
                  )}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="text-xs text-muted">{m('meteoMaj', { quand: formatDateTime(data.mise_a_jour) })}</p>
      <Attribution source={data.source} />
    </>
  );
}
