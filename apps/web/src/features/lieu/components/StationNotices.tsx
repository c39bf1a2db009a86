/**
 * Under the place's values (docs/decisions/136): why its station gives no more readings, in plain view since it
 * explains why the values are old; and, discreetly, the readings received and set aside as implausible, so that a
 * person who saw an odd figure elsewhere knows Limni received it and why it is not shown.
 */
import type { LieuDetail } from '@limni/shared/contracts/hydro';
import { LineIcon } from '../../../components/ui/LineIcon';
import { ICON } from '../../../components/ui/icons';
import { stationArretPhrase, useNoticeMessages, valeursEcarteesNotice } from '../station-notices';

export function StationNotices({ lieu }: { lieu: Pick<LieuDetail, 'station_arret' | 'valeurs_ecartees'> }) {
  // Re-rendered in the chosen language (the sentences read it).
  useNoticeMessages();
  const arret = lieu.station_arret ?? null;
  const ecartees = valeursEcarteesNotice(lieu.valeurs_ecartees);
  if (!arret && !ecartees) return null;
  return (
    <div className="mt-3 space-y-2">
      {arret && (
        <p
          className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
          data-testid="station-arret"
        >
          <LineIcon d={ICON.attention} size={18} className="mt-0.5 shrink-0" />
          <span>{stationArretPhrase(arret)}</span>
        </p>
      )}
      {ecartees && (
        <div className="flex items-start gap-2 text-sm text-muted" data-testid="valeurs-ecartees">
          <LineIcon d={ICON.inconnu} size={16} className="mt-0.5 shrink-0" />
          {ecartees.valeurs.length === 1 ? (
            <p>
              {ecartees.titre} {ecartees.valeurs[0]}.
            </p>
          ) : (
            <div>
              <p>{ecartees.titre}</p>
              <ul className="mt-1 list-disc space-y-0.5 pl-5">
                {ecartees.valeurs.map((v, i) => (
                  <li key={i}>{v}</li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
