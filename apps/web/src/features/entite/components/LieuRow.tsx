/**
 * One place in an entity or stretch list: name, latest value of each sensor with its trend, the verdict for the
 * chosen activity and the freshness of the observations. The whole row links to the place page.
 */
import { Link } from 'react-router';
import type { Verdict, VerdictJour } from '@limni/shared/contracts/activites';
import type { EtatCapteur } from '@limni/shared/contracts/hydro';
import { lieuHref } from '../../../api/search';
import { latestTs, rowFreshness } from '../../hydro';
import { CapteurValues } from '../../hydro';
import { VerdictChip } from '../../../components/ui/Chips';
import { Freshness } from '../../hydro';
import { nomEpisode } from '../../../lib/episode-nom';
import { formatClock } from '../../../lib/format';
import { useT } from '../../../lib/i18n';

export interface LieuRowData {
  id: number;
  nom: string;
  libelle: string;
  /** Another entity's name when the place is on a tributary (stretch pages). */
  entiteNom?: string;
  capteurs: readonly EtatCapteur[];
  /** `sansAvis`: no opinion, the place lacks the history thresholds need (docs/decisions/141). */
  verdict: { verdict: Verdict; raison: string; sansAvis: boolean } | null;
  /** A place of a recorded episode: its states and ages are on the episode's clock (docs/decisions/088). */
  episode?: { code: string; libelle: string; maintenant: number } | undefined;
}

/** What a row keeps of a place's verdict. */
export const verdictRow = (v: Pick<VerdictJour, 'verdict' | 'raison' | 'fondement'>) => ({
  verdict: v.verdict,
  raison: v.raison,
  sansAvis: v.fondement?.kind === 'historique_insuffisant',
});

export function LieuRow({
  lieu,
  ida,
  now,
  activiteNom,
}: {
  lieu: LieuRowData;
  ida: number;
  now: number;
  activiteNom?: string;
}) {
  const t = useT();
  const ts = latestTs(lieu.capteurs);
  // The step of the sensor that gave the latest reading (a daily mean is shown as a day).
  const pasMin = lieu.capteurs.find((c) => c.ts === ts)?.pas_min ?? null;
  return (
    <li>
      <Link
        to={lieuHref(lieu.id, ida)}
        className="flex flex-col gap-2 px-4 py-3 hover:bg-sky-50 focus-visible:bg-sky-50 @xl:flex-row @xl:items-center @xl:gap-4 dark:hover:bg-white/5 dark:focus-visible:bg-white/5"
      >
        <span className="min-w-0 flex-1">
          <span className="block font-semibold text-brand dark:text-sky-200">{lieu.nom}</span>
          <span className="block text-sm text-muted">
            {lieu.entiteNom ? `${lieu.entiteNom} · ${lieu.libelle}` : lieu.libelle}
          </span>
          {ts !== null && (
            <span className="mt-1 block">
              <Freshness
                ts={ts}
                fraicheur={rowFreshness(lieu.capteurs)}
                now={lieu.episode?.maintenant ?? now}
                ownClock={!!lieu.episode}
                pasMin={pasMin}
              />
            </span>
          )}
          {lieu.episode && (
            <span className="mt-1 block text-sm text-muted" data-testid="episode">
              {t('episode.ligne', {
                episode: nomEpisode(lieu.episode),
                maintenant: formatClock(lieu.episode.maintenant),
              })}
            </span>
          )}
        </span>
        <span className="flex flex-wrap items-center gap-x-4 gap-y-2 @xl:justify-end">
          <CapteurValues capteurs={lieu.capteurs} datedTs={ts} />
          {lieu.verdict && (
            <VerdictChip
              verdict={lieu.verdict.verdict}
              activite={activiteNom}
              sansAvis={lieu.verdict.sansAvis}
            />
          )}
        </span>
      </Link>
    </li>
  );
}
