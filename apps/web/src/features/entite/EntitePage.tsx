/**
 * An entity — a river or a lake — as a map (`/entite/{id}/carte/activite/{ida}`) or a list
 * (`/entite/{id}/liste/activite/{ida}`): its places upstream → downstream with their latest values, trends,
 * freshness and the verdict for the chosen activity; vigilance per tronçon, alerts, sub-entities and parent.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useMatch, useParams } from 'react-router';
import type { EntiteDetail } from '@limni/shared/contracts/hydro';
import { entiteQuery } from '../../api/entite';
import { AlertesList } from '../hydro';
import type { ModeCouleur } from '../hydro';
import { DetailStates, parseId } from '../hydro';
import { NotFoundPage } from '../pages';
import { nomActivite } from '../../lib/activite-nom';
import { useT } from '../../lib/i18n';
import { usePageTitle } from '../../lib/use-page-title';
import {
  EntiteHeader,
  EntiteNav,
  LieuxSection,
  SubEntities,
  TronconsSection,
} from './components/EntiteParts';
import type { Vue } from './hrefs';
import { drawsWater, MapAndList, MapLegend } from './components/MapAndList';
import { useEntiteMessages } from './messages';
import { useEntiteLieux } from './hooks/use-entite-lieux';

export default function EntitePage() {
  const params = useParams();
  const id = parseId(params.id);
  const ida = parseId(params.ida);
  if (id === null || ida === null) return <NotFoundPage />;
  return <Entite id={id} ida={ida} />;
}

function Entite({ id, ida }: { id: number; ida: number }) {
  const m = useEntiteMessages();
  const vue: Vue = useMatch('/entite/:id/carte/activite/:ida') ? 'carte' : 'liste';
  const entite = useQuery(entiteQuery(id));
  usePageTitle(entite.data?.nom ?? null);

  if (!entite.data) {
    return <DetailStates query={entite} titre={m('introuvable')} texte={m('introuvableTexte')} />;
  }
  return <EntiteContent entite={entite.data} ida={ida} vue={vue} />;
}

function EntiteContent({ entite, ida, vue }: { entite: EntiteDetail; ida: number; vue: Vue }) {
  const m = useEntiteMessages();
  const t = useT();
  const alertesId = useId();
  const [mode, setMode] = useState<ModeCouleur>('etat');
  const { lieux, alertes, verdicts, activite, activiteInconnue, rows, outline, points, bbox, legend } =
    useEntiteLieux(entite, ida, mode);

  if (activiteInconnue) return <NotFoundPage />;

  const situation =
    lieux.data && rows.some((r) => r.capteurs.some((c) => c.ts !== null)) ? lieux.data.maintenant : null;
  const list = (
    <LieuxSection
      entite={entite}
      lieux={lieux}
      rows={rows}
      ida={ida}
      activiteNom={activite ? nomActivite(activite) : undefined}
    />
  );

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-6">
      <EntiteHeader entite={entite} vue={vue} ida={ida} />
      <TronconsSection troncons={entite.troncons} ida={ida} />
      <EntiteNav entite={entite} vue={vue} ida={ida} situation={situation} />

      {alertes.data && (
        <AlertesList alertes={alertes.data} titleId={alertesId} now={lieux.data?.maintenant ?? null} />
      )}

      {vue === 'carte' ? (
        <MapAndList
          points={points}
          bbox={bbox}
          outline={outline}
          label={m('carte', { nom: entite.nom })}
          legend={
            <MapLegend
              mode={mode}
              onMode={setMode}
              etatLabel={t('couleur.avis')}
              entries={legend}
              eau={{ nom: entite.nom, dessinee: drawsWater(entite.nom, outline) }}
            />
          }
          list={list}
        />
      ) : (
        list
      )}

      {verdicts.data?.indicatif && (
        <p className="max-w-4xl text-sm text-muted">{verdicts.data.avertissement}</p>
      )}

      <SubEntities entite={entite} vue={vue} ida={ida} />
    </div>
  );
}
