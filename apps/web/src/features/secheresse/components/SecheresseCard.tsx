/**
 * « Restrictions sécheresse » (docs/decisions/155): the order in force in the place's surface-water alert zone — its
 * level, validity, PDF, and the restricted usages (those concerning an activity first) — or that none is known, with
 * the source and the date of the data. A recorded answer says it is not today's situation. Asked when near the
 * viewport.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { LieuSecheresse, UsageRestreint } from '@limni/shared/contracts/secheresse';
import { parisDay } from '@limni/shared/domain/time';
import { activitesQuery } from '../../../api/hydro';
import { secheresseQuery } from '../../../api/secheresse';
import { ErrorState, SkeletonBlock } from '../../../components/ui/States';
import { formatDateTime } from '../../../lib/format';
import { currentLangue } from '../../../lib/i18n';
import { useInstantConsulte } from '../../../lib/instant-consulte';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { nomActivite } from '../../../lib/activite-nom';
import { COULEUR_NIVEAU, jourLong, libelleNiveau, moisAnnee } from '../format';
import { useSecheresseMessages } from '../messages';

/** The element the place's header links to. */
export const SECHERESSE_ANCRE = 'secheresse';

export function SecheresseCard({ lieuId, titleId }: { lieuId: number; titleId: string }) {
  const m = useSecheresseMessages();
  const activites = useQuery(activitesQuery()).data ?? [];
  const near = useNearViewport(titleId);
  const instant = useInstantConsulte();
  const q = useQuery({ ...secheresseQuery(lieuId), enabled: near });
  const r = q.data;
  // « Voir les restrictions » under the verdict links here: brought into view once (a client-side link does not).
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === `#${SECHERESSE_ANCRE}`) document.getElementById(SECHERESSE_ANCRE)?.scrollIntoView();
  }, [hash]);
  return (
    <section id={SECHERESSE_ANCRE} aria-labelledby={titleId} className="card space-y-3">
      <h2 id={titleId} className="text-lg font-semibold">
        {m('titre')}
      </h2>
      {q.isError ? (
        <ErrorState message={q.error.message} onRetry={() => void q.refetch()} />
      ) : !r ? (
        <SkeletonBlock lines={3} />
      ) : r.etat === 'inconnu' ? (
        <p className="text-sm text-muted">{m(instant ? 'nonArchive' : 'inconnu')}</p>
      ) : (
        <>
          {r.etat === 'zone' && r.zone ? (
            <Zone r={r} activites={activites} />
          ) : (
            <p className="text-sm">{m(r.etat === 'non_couvert' ? 'nonCouvert' : 'aucune')}</p>
          )}
          <Source r={r} />
        </>
      )}
    </section>
  );
}

function Zone({
  r,
  activites,
}: {
  r: LieuSecheresse;
  activites: ReadonlyArray<{ slug: string; nom: string }>;
}) {
  const m = useSecheresseMessages();
  const zone = r.zone;
  if (!zone) return null;
  const { debut, fin, pdf, pdf_cadre } = zone.arrete;
  // Live only: an order whose last day has passed is said to have ended (a recording is dated as a whole).
  const termine = !r.enregistrement && fin !== null && r.lu_le !== null && fin < parisDay(r.lu_le);
  const nom = (slug: string) => nomActivite(activites.find((a) => a.slug === slug) ?? { slug, nom: slug });
  const usages = [...zone.usages].sort(
    (a, b) => Number(b.activites.length > 0) - Number(a.activites.length > 0),
  );
  return (
    <>
      <p className="flex flex-wrap items-center gap-2">
        <span
          className={`rounded-full border px-2.5 py-0.5 text-sm font-medium ${COULEUR_NIVEAU[zone.niveau]}`}
        >
          {m('niveau', { niveau: libelleNiveau(zone.niveau) })}
        </span>
        <span className="text-sm">
          {m('zone', {
            nom: zone.nom,
            departement: zone.departement ? m('departement', { code: zone.departement }) : '',
          })}
        </span>
      </p>
      {debut && (
        <p className="text-sm">
          {termine && fin
            ? m('termine', { fin: jourLong(fin) })
            : fin
              ? m('validite', { debut: jourLong(debut), fin: jourLong(fin) })
              : m('validiteOuverte', { debut: jourLong(debut) })}
        </p>
      )}
      {(pdf || pdf_cadre) && (
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {pdf && (
            <a className="link underline" href={pdf} target="_blank" rel="noopener noreferrer" hrefLang="fr">
              {m('pdf')}
            </a>
          )}
          {pdf_cadre && (
            <a
              className="link underline"
              href={pdf_cadre}
              target="_blank"
              rel="noopener noreferrer"
              hrefLang="fr"
            >
              {m('pdfCadre')}
            </a>
          )}
        </p>
      )}
      {usages.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">
            {usages.length === 1 ? m('usagesUn') : m('usages', { n: usages.length })}
          </summary>
          {currentLangue() === 'en' && <p className="mt-1 text-muted">{m('texteArrete')}</p>}
          <ul className="mt-2 space-y-2">
            {usages.map((u, i) => (
              <Usage key={i} u={u} nom={nom} />
            ))}
          </ul>
        </details>
      )}
    </>
  );
}

function Usage({ u, nom }: { u: UsageRestreint; nom: (slug: string) => string }) {
  const m = useSecheresseMessages();
  return (
    <li>
      <p lang="fr" className="font-medium">
        {u.nom}
        {u.restriction && <span className="font-normal"> — {u.restriction}</span>}
        {u.heure_debut && u.heure_fin && (
          <span lang={currentLangue()} className="font-normal">
            {' '}
            ({m('heures', { debut: u.heure_debut, fin: u.heure_fin })})
          </span>
        )}
      </p>
      {u.details && u.details !== u.restriction && (
        <p lang="fr" className="text-muted">
          {u.details}
        </p>
      )}
      {u.activites.length > 0 && (
        <p className="text-muted">{m('activite', { activites: u.activites.map(nom).join(', ') })}</p>
      )}
    </li>
  );
}

function Source({ r }: { r: LieuSecheresse }) {
  const m = useSecheresseMessages();
  if (r.lu_le === null) return null;
  return (
    <p className="text-xs text-muted">
      {r.enregistrement
        ? m('sourceEnregistree', { mois: moisAnnee(r.lu_le) })
        : m('sourceLive', { date: formatDateTime(r.lu_le) })}
    </p>
  );
}
