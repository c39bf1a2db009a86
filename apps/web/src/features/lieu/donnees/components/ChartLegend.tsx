/** The chart's legend: observed line and band, forecast, each threshold — drawn as on the chart, with words. */
import { useLieuMessages } from '../../messages';
import { useHistoryMessages } from '../history-messages';
import { DOUTEUSE_COULEUR, qualiteConnue, type QualiteTrace } from '../qualite';
import { useQualiteMessages } from '../qualite-messages';

export function ChartLegend({
  unite,
  couleur,
  forecast,
  forecastLabel,
  seuils,
  habituel,
  qualite,
}: {
  unite: string;
  couleur: string;
  forecast: boolean;
  /** The forecast's legend when it is not the default one (a past run drawn over the observations). */
  forecastLabel?: string | undefined;
  seuils: readonly { libelle: string; couleur: string; tirets: number[] }[];
  /** The reference period of the usual range drawn (« 1999–2018 »), or null when none is drawn. */
  habituel?: { periode: string; anDernier: boolean; maxima?: boolean } | null;
  /** The quality of the values drawn (docs/decisions/154): doubtful points marked, validation levels counted. */
  qualite?: QualiteTrace | null;
}) {
  const m = useLieuMessages();
  const h = useHistoryMessages();
  const q = useQualiteMessages();
  const statuts = qualiteConnue(qualite)
    ? (['brute', 'pre_validee', 'validee'] as const)
        .filter((k) => qualite.statuts[k] > 0)
        .map((k) => q('statutCompte', { n: qualite.statuts[k], statut: q(k) }))
    : [];
  return (
    <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
      <li className="inline-flex items-center gap-2">
        <svg width="28" height="12" aria-hidden="true">
          <rect x="0" y="4" width="28" height="8" fill={couleur} fillOpacity="0.18" />
          <line x1="0" y1="4" x2="28" y2="4" stroke={couleur} strokeWidth="2.5" />
        </svg>
        {m('legendeObserve', { unite })}
      </li>
      {forecast && (
        <li className="inline-flex items-center gap-2">
          <svg width="28" height="12" aria-hidden="true">
            <rect x="0" y="1" width="28" height="10" fill="#4b5563" fillOpacity="0.18" />
            <line x1="0" y1="6" x2="28" y2="6" stroke="#4b5563" strokeWidth="2" strokeDasharray="6 4" />
          </svg>
          {forecastLabel ?? m('legendePrevision')}
        </li>
      )}
      {habituel && (
        <>
          <li className="inline-flex items-center gap-2">
            <svg width="28" height="14" aria-hidden="true">
              <rect x="0" y="0" width="28" height="14" fill="rgba(22,128,61,0.14)" />
              <rect x="0" y="4" width="28" height="6" fill="rgba(22,128,61,0.26)" />
            </svg>
            {h(habituel.maxima ? 'legendeHabituelMax' : 'legendeHabituel', { periode: habituel.periode })}
          </li>
          <li className="inline-flex items-center gap-2">
            <svg width="28" height="12" aria-hidden="true">
              <line x1="0" y1="6" x2="28" y2="6" stroke="#166534" strokeWidth="1.5" strokeDasharray="2 3" />
            </svg>
            {h(habituel.maxima ? 'legendeMedianeMax' : 'legendeMediane', { periode: habituel.periode })}
          </li>
          {habituel.anDernier && (
            <li className="inline-flex items-center gap-2">
              <svg width="28" height="12" aria-hidden="true">
                <line x1="0" y1="6" x2="28" y2="6" stroke="#6b7280" strokeWidth="2" strokeDasharray="1 3" />
              </svg>
              {h('legendeAnDernier')}
            </li>
          )}
        </>
      )}
      {qualite && qualite.douteuses.length > 0 && (
        <li className="inline-flex items-center gap-2" data-testid="legende-douteuse">
          <svg width="28" height="12" aria-hidden="true">
            <path d="M14 1 L20 11 L8 11 Z" fill="none" stroke={DOUTEUSE_COULEUR} strokeWidth="2" />
          </svg>
          {q(qualite.douteuses.length === 1 ? 'legendeDouteuseUne' : 'legendeDouteuses', {
            n: qualite.douteuses.length,
          })}
        </li>
      )}
      {statuts.length > 0 && (
        <li className="inline-flex items-center gap-2" data-testid="legende-statuts">
          {q('legendeStatuts', { liste: statuts.join(', ') })}
        </li>
      )}
      {seuils.map((s) => (
        <li key={s.libelle} className="inline-flex items-center gap-2">
          <svg width="28" height="12" aria-hidden="true">
            <line
              x1="0"
              y1="6"
              x2="28"
              y2="6"
              stroke={s.couleur}
              strokeWidth="2.5"
              strokeDasharray={s.tirets.join(' ')}
            />
          </svg>
          {m('legendeSeuil', { libelle: s.libelle })}
        </li>
      ))}
    </ul>
  );
}
