/**
 * The chooser's filters (docs/requirements.md R3.3, route choisir_carte): type (R, L or both), name and département in the address
 * (`?type=&nom=&departement=`, defaults not written), the basin remembered in localStorage `bassin` (or given once
 * by `?bassin=` from the basins page); the index filtered and sorted by name without its article, the places whose
 * name matches (`hydro/recherche-terms`), and the number of entities shown (150 more at a time).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  ALL_DEPARTEMENTS,
  avecObservationsParDefaut,
  filterIndex,
  observesDabord,
  type TypeFilter,
} from '@limni/shared/domain/filters';
import { nameKey, withoutArticle } from '@limni/shared/domain/names';
import { bassinsQuery, indexQuery, useVigilanceBulletin } from '../../../api/hydro';
import { rechercheTermsQuery, searchTerms } from '../../../api/search';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage';

export const PAGE = 150;
const PLACES_SHOWN = 6;

export function useChoisirFilters() {
  const [params, setParams] = useSearchParams();
  const index = useQuery(indexQuery());
  const bassins = useQuery(bassinsQuery());
  const bulletin = useVigilanceBulletin();
  // An old bulletin colours nothing (docs/decisions/094).
  const items = useMemo(
    () =>
      bulletin.courant ? (index.data ?? []) : (index.data ?? []).map((e) => ({ ...e, vigilance: null })),
    [index.data, bulletin.courant],
  );
  const paramBassin = params.get('bassin');
  const [bassin, setBassinState] = useState<string>(
    () => paramBassin ?? readStorage(STORAGE_KEYS.bassin) ?? ALL_DEPARTEMENTS,
  );
  const [shown, setShown] = useState(PAGE);

  // A basin given in the address (link from /bassins) becomes the remembered basin.
  useEffect(() => {
    if (paramBassin === null) return;
    writeStorage(STORAGE_KEYS.bassin, paramBassin);
    const next = new URLSearchParams(params);
    next.delete('bassin');
    setParams(next, { replace: true });
  }, [paramBassin, params, setParams]);

  const type = (['R', 'L', 'RL'] as const).find((v) => v === params.get('type')) ?? 'RL';
  const departement = params.get('departement') ?? ALL_DEPARTEMENTS;
  const nom = params.get('nom') ?? '';
  // « Avec mesures »: `?mesures=1|0`; by default on when fewer than half the items have readings.
  const observationsParDefaut = avecObservationsParDefaut(index.data ?? []);
  const observationsParam = params.get('mesures');
  const avecObservations =
    observationsParam === '1' ? true : observationsParam === '0' ? false : observationsParDefaut;
  const nbAvecObservations = (index.data ?? []).filter((e) => e.nb_lieux_mesures > 0).length;
  const searching = nameKey(nom).length >= 2;
  const terms = useQuery({ ...rechercheTermsQuery(), enabled: searching });

  const setParam = (key: string, value: string, empty: string) => {
    const next = new URLSearchParams(params);
    if (value === empty) next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
    setShown(PAGE);
  };

  const knownBassin = bassins.data?.some((b) => b.slug === bassin) ? bassin : ALL_DEPARTEMENTS;

  const departements = useMemo(() => {
    const map = new Map<string, string>();
    for (const e of index.data ?? []) for (const d of e.departements) map.set(d.code, d.nom);
    return [...map.entries()].sort((a, b) => a[0].localeCompare(b[0], 'fr', { numeric: true }));
  }, [index.data]);

  const filtered = useMemo(() => {
    const key = nameKey(nom);
    const kept = filterIndex(items, { type, departement, bassin: knownBassin })
      .filter((e) => !key || nameKey(e.nom).includes(key))
      .filter((e) => !avecObservations || e.nb_lieux_mesures > 0);
    return observesDabord(kept, (a, b) =>
      nameKey(withoutArticle(a.nom)).localeCompare(nameKey(withoutArticle(b.nom)), 'fr'),
    );
  }, [items, type, departement, knownBassin, nom, avecObservations]);

  /** Places whose name matches (the entity filters of type apply to them as well). */
  const lieux = useMemo(() => {
    if (!searching || !terms.data) return [];
    return searchTerms(terms.data, nom, 40)
      .filter((h) => h.kind === 'lieu' && (type === 'RL' || h.type === type))
      .slice(0, PLACES_SHOWN);
  }, [searching, terms.data, nom, type]);

  return {
    index,
    bassins,
    bulletin,
    type,
    departement,
    nom,
    /** The remembered basin when the API knows it, else "all". */
    bassin: knownBassin,
    /** Filters hidden behind "Plus de filtres" on a phone that are set. */
    nbFiltres: Number(knownBassin !== ALL_DEPARTEMENTS) + Number(departement !== ALL_DEPARTEMENTS),
    departements,
    avecObservations,
    observationsParDefaut,
    nbAvecObservations,
    setAvecMesures: (v: boolean) => setParam('mesures', v ? '1' : '0', observationsParDefaut ? '1' : '0'),
    filtered,
    places: lieux,
    shown,
    showMore: () => setShown((s) => s + PAGE),
    setType: (v: TypeFilter) => setParam('type', v, 'RL'),
    setNom: (v: string) => setParam('nom', v, ''),
    setDepartement: (v: string) => setParam('departement', v, ALL_DEPARTEMENTS),
    setBassin: (v: string) => {
      setBassinState(v);
      writeStorage(STORAGE_KEYS.bassin, v);
      setShown(PAGE);
    },
  };
}

export type ChoisirFilters = ReturnType<typeof useChoisirFilters>;
