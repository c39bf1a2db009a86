/**
 * Under an activity's verdict (docs/decisions/155): where a drought order is in force, whether it restricts that
 * activity (the usages that do) or not, with a link to the restrictions. Nothing where no order is known.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { secheresseQuery } from '../../../api/secheresse';
import { nomActivite } from '../../../lib/activite-nom';
import { libelleNiveau, moisAnnee } from '../format';
import { useSecheresseMessages } from '../messages';
import { SECHERESSE_ANCRE } from './SecheresseCard';

export function SecheresseVerdict({
  lieuId,
  activite,
  donneesHref,
}: {
  lieuId: number;
  activite: { slug: string; nom: string } | undefined;
  /** The place's Données tab, where the restrictions are detailed. */
  donneesHref: string;
}) {
  const m = useSecheresseMessages();
  const q = useQuery(secheresseQuery(lieuId));
  const r = q.data;
  if (!r || r.etat !== 'zone' || !r.zone || !activite) return null;
  const concernes = r.zone.usages.filter((u) => u.activites.includes(activite.slug));
  const niveau = libelleNiveau(r.zone.niveau).toLocaleLowerCase();
  const quand =
    r.enregistrement && r.lu_le !== null ? m('quandEnregistre', { mois: moisAnnee(r.lu_le) }) : '';
  const nom = nomActivite(activite);
  return (
    <p className="text-sm" data-testid="secheresse-verdict">
      {concernes.length > 0
        ? m('verdictRestreint', {
            niveau,
            quand,
            activite: nom,
            usages: concernes
              .map((u) => `« ${u.nom} »${u.restriction ? ` (${u.restriction})` : ''}`)
              .join(', '),
          })
        : m('verdictNonVise', { niveau, quand, activite: nom })}{' '}
      <Link className="link underline" to={`${donneesHref}#${SECHERESSE_ANCRE}`}>
        {m('voir')}
      </Link>
    </p>
  );
}
