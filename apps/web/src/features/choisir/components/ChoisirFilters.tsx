/**
 * The chooser's filters: name, type, basin and département (behind "Plus de filtres" on a phone), the count of
 * results and, on a phone, the list / map switch (docs/decisions/053).
 */
import { LineIcon } from '../../../components/ui/LineIcon';
import { useId, useState } from 'react';
import { ALL_DEPARTEMENTS } from '@limni/shared/domain/filters';
import { nomBassin, nomDepartement } from '../../../lib/departement-nom';
import { formatNumber, formatPercent } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { plural } from '../../../lib/plural';
import { useChoisirMessages } from '../messages';
import type { ChoisirFilters as Filters } from '../hooks/use-choisir-filters';

export type Vue = 'liste' | 'carte';

/** Basin and département. */
function MoreFilters({ id, open, filters }: { id: string; open: boolean; filters: Filters }) {
  const m = useChoisirMessages();
  const bassinId = useId();
  const depId = useId();
  return (
    <div id={id} className={`grid gap-3 sm:grid-cols-2 md:grid md:grid-cols-1 ${open ? '' : 'hidden'}`}>
      <div>
        <label htmlFor={bassinId} className="text-sm font-medium">
          {m('bassin')}
        </label>
        <select
          id={bassinId}
          className="field mt-1"
          value={filters.bassin}
          onChange={(e) => filters.setBassin(e.target.value)}
        >
          <option value={ALL_DEPARTEMENTS}>{m('tousBassins')}</option>
          {(filters.bassins.data ?? [])
            .filter((b) => b.nb_entites > 0)
            .map((b) => (
              <option key={b.slug} value={b.slug}>
                {nomBassin(b)}
              </option>
            ))}
        </select>
      </div>
      <div>
        <label htmlFor={depId} className="text-sm font-medium">
          {m('departement')}
        </label>
        <select
          id={depId}
          className="field mt-1"
          value={filters.departement}
          onChange={(e) => filters.setDepartement(e.target.value)}
        >
          <option value={ALL_DEPARTEMENTS}>{m('tousDepartements')}</option>
          {filters.departements.map(([code, n]) => (
            <option key={code} value={code}>
              {code} — {nomDepartement({ code, nom: n })}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

export function ChoisirFilters({
  filters,
  titleId,
  vue,
  onVue,
}: {
  filters: Filters;
  titleId: string;
  vue: Vue;
  onVue: (vue: Vue) => void;
}) {
  const t = useT();
  const m = useChoisirMessages();
  const ids = { nom: useId(), filtres: useId() };
  const [plusDeFiltres, setPlusDeFiltres] = useState(false);
  return (
    <div className="space-y-4 border-b border-line bg-white p-4 dark:bg-[#0f1a22]">
      <h1 id={titleId} className="text-2xl font-bold text-brand dark:text-sky-200">
        {m('titre')}
      </h1>
      <div>
        <label htmlFor={ids.nom} className="text-sm font-medium">
          {m('nom')}
        </label>
        <input
          id={ids.nom}
          type="search"
          className="field mt-1"
          placeholder={m('nomPlaceholder')}
          value={filters.nom}
          autoComplete="off"
          onChange={(e) => filters.setNom(e.target.value)}
        />
      </div>
      <div role="group" aria-label={m('type')} className="flex flex-wrap gap-2">
        {(
          [
            ['RL', t('commun.tous')],
            ['R', t('type.Rs')],
            ['L', t('type.Ls')],
          ] as const
        ).map(([v, label]) => (
          <button
            key={v}
            type="button"
            className="chip"
            aria-pressed={filters.type === v}
            onClick={() => filters.setType(v)}
          >
            {label}
          </button>
        ))}
      </div>
      <div>
        <label className="inline-flex min-h-11 items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="h-5 w-5"
            checked={filters.avecObservations}
            onChange={(e) => filters.setAvecMesures(e.target.checked)}
          />
          {m('avecObservations', {
            n: formatNumber(filters.nbAvecObservations),
            total: formatNumber(filters.index.data?.length ?? 0),
          })}
        </label>
        <p className="text-xs text-muted">
          {m(filters.observationsParDefaut ? 'avecMesuresRegle' : 'avecMesuresRegleOff', {
            n: formatNumber(filters.nbAvecObservations),
            total: formatNumber(filters.index.data?.length ?? 0),
            part: formatPercent(filters.nbAvecObservations, filters.index.data?.length ?? 0),
          })}
        </p>
      </div>
      <button
        type="button"
        className="chip md:hidden"
        aria-expanded={plusDeFiltres}
        aria-controls={ids.filtres}
        onClick={() => setPlusDeFiltres((o) => !o)}
      >
        {m('plusDeFiltres')}
        {filters.nbFiltres > 0 && ` (${filters.nbFiltres})`}
        <LineIcon d={plusDeFiltres ? 'm6 15 6-6 6 6' : 'm6 9 6 6 6-6'} size={16} className="ml-1" />
      </button>
      <MoreFilters id={ids.filtres} open={plusDeFiltres} filters={filters} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted" aria-live="polite">
          {m(plural(filters.filtered.length, 'resultats'), { n: formatNumber(filters.filtered.length) })}
        </p>
        <div
          role="group"
          aria-label={m('affichage')}
          className="inline-flex rounded-full border border-line p-0.5 md:hidden"
        >
          {(['liste', 'carte'] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={vue === v}
              onClick={() => onVue(v)}
              className={`min-h-11 rounded-full px-4 text-sm font-medium ${vue === v ? 'bg-brand text-white' : 'text-ink'}`}
            >
              {m(v === 'liste' ? 'voirListe' : 'voirCarte')}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
