/** The chooser's list: places whose name matches, then the lakes and rivers (150 at a time). */
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Bassin, IndexItem } from '@limni/shared/contracts/hydro';
import { lieuHref, type SearchHit } from '../../../api/search';
import { Spinner } from '../../../components/ui/Spinner';
import { nomDepartement } from '../../../lib/departement-nom';
import { useT } from '../../../lib/i18n';
import { plural } from '../../../lib/plural';
import { entityHref, pointColor } from '../index-items';
import { useChoisirMessages } from '../messages';
import { PAGE } from '../hooks/use-choisir-filters';

/** Places whose name matches the name filter. */
export function LieuxFound({ places }: { places: readonly SearchHit[] }) {
  const m = useChoisirMessages();
  if (places.length === 0) return null;
  return (
    <section aria-labelledby="lieux-trouves" className="border-b border-line bg-sky-50/60 dark:bg-white/5">
      <h2 id="lieux-trouves" className="px-4 pt-3 text-sm font-semibold">
        {m('lieuxTrouves')}
      </h2>
      <ul className="pb-2">
        {places.map((p) => (
          <li key={p.id}>
            <Link
              to={lieuHref(p.id)}
              className="flex min-h-11 items-center gap-3 px-4 py-1.5 hover:bg-sky-100 dark:hover:bg-white/5"
            >
              <span
                aria-hidden="true"
                className="inline-block h-3 w-3 shrink-0 rounded-full border-2 border-brand-light"
              />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{p.nom}</span>
                {p.kind === 'lieu' && (
                  <span className="block truncate text-sm text-muted">
                    {p.entiteNom}
                    {p.departement ? ` (${p.departement})` : ''}
                  </span>
                )}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function EntityList({
  index,
  filtered,
  shown,
  onMore,
  bassins,
}: {
  index: UseQueryResult<IndexItem[]>;
  filtered: readonly IndexItem[];
  shown: number;
  onMore: () => void;
  bassins: readonly Bassin[] | undefined;
}) {
  const t = useT();
  const m = useChoisirMessages();
  const where = (e: IndexItem) =>
    e.departements.map((d) => nomDepartement(d)).join(', ') ||
    bassins?.find((b) => b.slug === e.bassin)?.nom ||
    '—';
  return index.isPending ? (
    <Spinner />
  ) : index.isError ? (
    <div className="p-4">
      <p>{t('commun.erreur')}</p>
      <button type="button" className="btn-secondary mt-3" onClick={() => void index.refetch()}>
        {t('commun.reessayer')}
      </button>
    </div>
  ) : filtered.length === 0 ? (
    <p className="p-4 text-muted">{m('aucun')}</p>
  ) : (
    <ul aria-label={m('liste')} className="divide-y divide-line bg-white dark:bg-[#0f1a22]">
      {filtered.slice(0, shown).map((e) => (
        <li key={e.id}>
          <Link
            to={entityHref(e)}
            className="flex min-h-14 items-center gap-3 px-4 py-3 hover:bg-sky-50 dark:hover:bg-white/5"
          >
            <span
              aria-hidden="true"
              className={`inline-block h-3.5 w-3.5 shrink-0 rounded-full ${e.type === 'L' ? 'border-[2.5px] border-brand' : 'border border-white'}`}
              style={{ background: pointColor(e) }}
            />
            <span className="min-w-0 flex-1">
              <span className="block font-medium">{e.nom}</span>
              <span className="block truncate text-sm text-muted">
                {t(e.type === 'L' ? 'type.L' : 'type.R')} · {where(e)}
              </span>
            </span>
            <span className="shrink-0 text-right text-xs text-muted">
              {e.vigilance !== null && e.vigilance >= 2 && (
                <>
                  <span className="font-semibold text-ink">
                    {t(`vigilance.${e.vigilance}` as 'vigilance.2')}
                  </span>
                  <br />
                </>
              )}
              {m(plural(e.nb_lieux, 'lieux'), { n: e.nb_lieux })}
              {e.nb_lieux_mesures > 0 && (
                <>
                  <br />
                  {m('lieuxMesures', { n: e.nb_lieux_mesures })}
                </>
              )}
            </span>
          </Link>
        </li>
      ))}
      {filtered.length > shown && (
        <li className="p-4 text-center">
          <button type="button" className="btn-secondary" onClick={onMore}>
            {m('plus', { n: Math.min(PAGE, filtered.length - shown) })}
          </button>
        </li>
      )}
    </ul>
  );
}
