/** Vigilance and verdict chips: colour + icon + word, AA in both themes (docs/requirements.md R4.2, R4.3). */
import { bulletinCourant, NIVEAUX_VIGILANCE, NIVEAUX_VIGILANCE_EN } from '@limni/shared/domain/vigilance';
import { useDataClock } from '../../api/health';
import { formatLongDate } from '../../lib/format';
import { currentLangue, useT } from '../../lib/i18n';
import { ICON, type IconPath } from './icons';
import { LineIcon } from './LineIcon';

const VIGILANCE_STYLE: Record<number, { cls: string; icon: IconPath }> = {
  1: { cls: 'bg-green-100 text-green-900 border-green-700', icon: ICON.rond },
  2: { cls: 'bg-yellow-100 text-yellow-950 border-yellow-600', icon: ICON.triangle },
  3: { cls: 'bg-orange-100 text-orange-950 border-orange-600', icon: ICON.losange },
  4: { cls: 'bg-red-100 text-red-950 border-red-700', icon: ICON.carre },
};

const NEUTRAL_CHIP =
  'inline-flex items-center gap-1.5 rounded-full border border-slate-400 bg-slate-100 px-2.5 py-0.5 text-sm text-slate-800 dark:border-slate-500 dark:bg-white/10 dark:text-slate-100';

/**
 * A tronçon's vigilance with its bulletin date. Coloured only while the bulletin is current against the data clock
 * (24 h, docs/decisions/094); older, a neutral chip « Dernier bulletin connu, du 24 janvier 2021 : vert », never
 * today's colour beside readings of another period.
 */
export function VigilanceChip({
  niveau,
  ts,
  historique = false,
}: {
  niveau: number | null;
  ts: number | null;
  /** A past event shown with its own dates (an alert, a notification): its colour, never « current ». */
  historique?: boolean;
}) {
  const t = useT();
  // Validity by the day (24 h): no need to render the chip again at every tick of the live clock.
  const clock = useDataClock({ tick: false });
  // During a replay, only the bulletin valid at the replay's instant is shown, never an older or later one
  // (docs/decisions/142).
  const replayWithout =
    clock.replay && (niveau === null || ts === null || ts > clock.now || !bulletinCourant(ts, clock.now));
  if (!historique && replayWithout) {
    return <span className={NEUTRAL_CHIP}>{t('vigilance.aucunBulletin')}</span>;
  }
  if (niveau === null || !VIGILANCE_STYLE[niveau]) return null;
  const date = ts !== null ? formatLongDate(ts) : '—';
  if (!historique && !bulletinCourant(ts, clock.now)) {
    return (
      <span data-testid="vigilance-ancienne" className={NEUTRAL_CHIP}>
        {t('vigilance.ancienne', {
          date,
          niveau: (currentLangue() === 'en' ? NIVEAUX_VIGILANCE_EN : NIVEAUX_VIGILANCE)[niveau] ?? '',
        })}
      </span>
    );
  }
  const s = VIGILANCE_STYLE[niveau];
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-sm font-medium ${s.cls}`}
    >
      <LineIcon d={s.icon} size={14} filled strokeWidth={1} className="shrink-0" />
      {t(`vigilance.${niveau}` as 'vigilance.1')}
      {ts !== null && <span className="font-normal opacity-80">· {t('vigilance.bulletinDu', { date })}</span>}
    </span>
  );
}

export type VerdictValue = 'trop bas' | 'praticable' | 'trop haut' | 'déconseillé' | 'inconnu';

const VERDICT_STYLE: Record<
  VerdictValue,
  {
    cls: string;
    icon: IconPath;
    key:
      | 'verdict.tropBas'
      | 'verdict.praticable'
      | 'verdict.tropHaut'
      | 'verdict.deconseille'
      | 'verdict.inconnu'
      | 'verdict.sansAvis';
  }
> = {
  'trop bas': {
    cls: 'bg-amber-100 text-amber-950 border-amber-600',
    icon: ICON.basCheveron,
    key: 'verdict.tropBas',
  },
  praticable: {
    cls: 'bg-green-100 text-green-900 border-green-700',
    icon: ICON.ok,
    key: 'verdict.praticable',
  },
  'trop haut': {
    cls: 'bg-violet-100 text-violet-950 border-violet-600',
    icon: ICON.hautCheveron,
    key: 'verdict.tropHaut',
  },
  déconseillé: { cls: 'bg-red-100 text-red-950 border-red-700', icon: ICON.non, key: 'verdict.deconseille' },
  inconnu: {
    cls: 'bg-slate-100 text-slate-800 border-slate-400',
    icon: ICON.inconnu,
    key: 'verdict.inconnu',
  },
};

/** `sansAvis`: an « inconnu » because the place lacks the history for an opinion, named so (docs/decisions/141). */
export function VerdictChip({
  verdict,
  activite,
  sansAvis = false,
}: {
  verdict: VerdictValue;
  activite?: string;
  sansAvis?: boolean;
}) {
  const t = useT();
  const base = VERDICT_STYLE[verdict];
  const s = sansAvis && verdict === 'inconnu' ? { ...base, key: 'verdict.sansAvis' as const } : base;
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-sm font-medium ${s.cls}`}
    >
      <LineIcon d={s.icon} size={14} strokeWidth={2.5} className="shrink-0" />
      {activite && <span className="sr-only">{`${activite}${currentLangue() === 'en' ? ':' : ' :'} `}</span>}
      {t(s.key)}
    </span>
  );
}
