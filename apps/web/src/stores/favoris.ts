/** Favourite places, kept in localStorage key `favoris` as `{lieux: [{id, ida}]}` (docs/requirements.md R5.4). */
import { create } from 'zustand';
import { readJson, STORAGE_KEYS, writeStorage } from '../lib/storage';

export interface Favori {
  id: number;
  ida: number;
}
interface FavorisShape {
  lieux: Favori[];
}

const isFavoris = (v: unknown): v is FavorisShape =>
  typeof v === 'object' &&
  v !== null &&
  Array.isArray((v as FavorisShape).lieux) &&
  (v as FavorisShape).lieux.every((f) => Number.isInteger(f?.id) && Number.isInteger(f?.ida));

interface FavorisState extends FavorisShape {
  isFavori: (id: number) => boolean;
  toggle: (id: number, ida: number) => void;
  remove: (id: number) => void;
}

function persist(lieux: Favori[]): void {
  writeStorage(STORAGE_KEYS.favoris, JSON.stringify({ lieux }));
}

export const useFavoris = create<FavorisState>((set, get) => ({
  lieux: readJson(STORAGE_KEYS.favoris, { lieux: [] }, isFavoris).lieux,
  isFavori: (id) => get().lieux.some((f) => f.id === id),
  toggle: (id, ida) => {
    const lieux = get().isFavori(id) ? get().lieux.filter((f) => f.id !== id) : [...get().lieux, { id, ida }];
    persist(lieux);
    set({ lieux });
  },
  remove: (id) => {
    const lieux = get().lieux.filter((f) => f.id !== id);
    persist(lieux);
    set({ lieux });
  },
}));
