/**
 * « Mes alertes » of the profile (docs/requirements.md R3.6): every alert rule of the account, place by place, each with
 * its switch and « Supprimer », and « Ajouter ou modifier » opening the place's « M'alerter » dialog.
 * Anchor `#alertes` (`/user/profil#alertes`).
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Regle } from '@limni/shared/contracts/alertes';
import { mesReglesQuery } from '../../../api/alertes';
import { lieuHref } from '../../../api/search';
import { useAccount } from '../../../stores/account';
import { EmptyState, ErrorState, SkeletonBlock } from '../../../components/ui/States';
import { ReglesDialog } from './ReglesDialog';
import { useAlertMessages } from '../regles-messages';
import { RegleRow } from './RegleRow';
import { ICON } from '../../../components/ui/icons';

interface Place {
  id: number;
  nom: string;
  ida: number | undefined;
  regles: Regle[];
}

export function ReglesSection() {
  const m = useAlertMessages();
  const userId = useAccount((s) => s.user?.id ?? null);
  const q = useQuery(mesReglesQuery(userId));
  const [editing, setEditing] = useState<{ id: number; nom: string } | null>(null);

  const lieux: Place[] = [];
  for (const r of q.data?.regles ?? []) {
    let p = lieux.find((x) => x.id === r.lieu.id);
    if (!p) lieux.push((p = { id: r.lieu.id, nom: r.lieu.nom, ida: undefined, regles: [] }));
    p.ida ??= r.activite?.id;
    p.regles.push(r);
  }

  return (
    <section id="alertes" aria-labelledby="alertes-titre" className="card scroll-mt-20 !p-5 sm:!p-7">
      <h2 id="alertes-titre" className="text-xl font-semibold">
        {m('sectionTitre')}
      </h2>
      <p className="mt-1 text-muted">{m('sectionIntro')}</p>
      <div className="mt-5">
        {q.isPending ? (
          <SkeletonBlock lines={3} label={m('chargement')} />
        ) : q.isError ? (
          <ErrorState message={m('erreur')} onRetry={() => void q.refetch()} />
        ) : lieux.length === 0 ? (
          <EmptyState title={m('sectionVide')} icon={ICON.enveloppe}>
            {m('sectionVideTexte')}
          </EmptyState>
        ) : (
          <ul className="space-y-5">
            {lieux.map((p) => (
              <li key={p.id}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="min-w-0 font-semibold">
                    <Link to={lieuHref(p.id, p.ida)} className="link">
                      {p.nom}
                    </Link>
                  </h3>
                  <button
                    type="button"
                    className="btn-secondary !min-h-11 text-sm"
                    onClick={() => setEditing({ id: p.id, nom: p.nom })}
                    aria-label={m('gerer', { nom: p.nom })}
                  >
                    {m('modifier')}
                  </button>
                </div>
                <ul className="mt-1 divide-y divide-line">
                  {p.regles.map((r) => (
                    <RegleRow key={r.id} regle={r} />
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </div>
      {editing && (
        <ReglesDialog
          lieuId={editing.id}
          nom={editing.nom}
          open
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
        />
      )}
    </section>
  );
}
