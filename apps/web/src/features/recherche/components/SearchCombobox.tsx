/**
 * Search by name for lakes, rivers and places (`hydro/recherche-terms`, loaded on first focus): an ARIA 1.2
 * combobox with a listbox popup. ↑/↓ move through the results, Entrée opens the active (or first) one, Échap
 * closes the list then clears the field; results are announced politely. Loaded lazily through `SearchBox.tsx`.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { rechercheTermsQuery, searchTerms, type SearchHit } from '../../../api/search';
import { useT } from '../../../lib/i18n';
import { plural } from '../../../lib/plural';
import { SearchIcon } from '../../../components/ui/SearchIcon';

export interface SearchBoxProps {
  label: string;
  /** Show the label above the field (home page) or keep it for assistive technologies only (header). */
  showLabel?: boolean;
  placeholder?: string;
  /** `large` on the home page, `compact` in the header. */
  size?: 'large' | 'compact';
  autoFocus?: boolean;
  /** Text already typed (in the placeholder field shown before this code arrived). */
  initialQuery?: string;
  /** Called after a result was opened (e.g. to close the phone search row). */
  onDone?: () => void;
  className?: string;
}

export default function SearchCombobox({
  label,
  showLabel = false,
  placeholder,
  size = 'compact',
  autoFocus = false,
  initialQuery = '',
  onDone,
  className = '',
}: SearchBoxProps) {
  const t = useT();
  const navigate = useNavigate();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [q, setQ] = useState(initialQuery);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [wanted, setWanted] = useState(autoFocus);
  // Takes the focus over from the look-alike field only if the person is still there (or nowhere): on a slow
  // network they may have moved on by the time this chunk arrives, and the focus must not be pulled back.
  // On mount only: `autoFocus` is the hand-over, not a later wish.
  const handOver = useRef(autoFocus);
  useEffect(() => {
    const current = document.activeElement;
    const free = current === null || current === document.body || current.hasAttribute('data-search-relais');
    if (handOver.current && free) inputRef.current?.focus();
  }, []);
  const terms = useQuery({ ...rechercheTermsQuery(), enabled: wanted });
  const hits = useMemo(() => (terms.data ? searchTerms(terms.data, q) : []), [terms.data, q]);
  const searching = q.trim().length >= 2;
  const expanded = open && searching && hits.length > 0;
  const listId = `${id}-liste`;
  const optionId = (i: number) => `${id}-option-${i}`;

  const go = (hit: SearchHit) => {
    setQ('');
    setOpen(false);
    setActive(-1);
    inputRef.current?.blur();
    void navigate(hit.href);
    onDone?.();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!hits.length) return;
      e.preventDefault();
      setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i < 0 && step < 0 ? hits.length - 1 : (i + step + hits.length) % hits.length));
    } else if (e.key === 'Enter') {
      const hit = hits[active] ?? hits[0];
      if (searching && hit) {
        e.preventDefault();
        go(hit);
      }
    } else if (e.key === 'Escape') {
      if (expanded) setOpen(false);
      else setQ('');
      setActive(-1);
    }
  };

  let status = '';
  if (searching && open) {
    if (terms.isError) status = t('recherche.erreur');
    else if (!terms.data) status = t('commun.chargement');
    else if (hits.length === 0) status = t('recherche.aucun', { q: q.trim() });
    else status = t(plural(hits.length, 'recherche.nb'), { n: hits.length });
  }

  const large = size === 'large';
  return (
    <div className={`relative ${className}`}>
      <label htmlFor={id} className={showLabel ? 'mb-2 block font-medium' : 'sr-only'}>
        {label}
      </label>
      <div className="relative">
        <SearchIcon />
        <input
          ref={inputRef}
          id={id}
          type="text"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={expanded ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          className={`field !pl-10 ${large ? '!min-h-12 text-lg' : ''}`}
          placeholder={placeholder}
          value={q}
          onFocus={() => {
            setWanted(true);
            setOpen(true);
          }}
          onBlur={() => setOpen(false)}
          onChange={(e) => {
            setQ(e.target.value);
            setOpen(true);
            setActive(-1);
            setWanted(true);
          }}
          onKeyDown={onKeyDown}
        />
      </div>
      <p className="sr-only" role="status" aria-live="polite">
        {status}
      </p>
      {open && searching && (
        <div className="absolute inset-x-0 top-full z-40 mt-1 overflow-hidden rounded-xl border border-line bg-white shadow-lg dark:bg-[#0f1a22]">
          {expanded ? (
            <ul
              id={listId}
              role="listbox"
              aria-label={label}
              className="max-h-[min(26rem,60dvh)] overflow-y-auto py-1"
              onMouseDown={(e) => e.preventDefault()}
            >
              {hits.map((hit, i) => (
                <li
                  key={`${hit.kind}-${hit.id}`}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  className={`flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2 ${i === active ? 'bg-sky-100 dark:bg-white/10' : 'hover:bg-sky-50 dark:hover:bg-white/5'}`}
                  onClick={() => go(hit)}
                  onMouseMove={() => setActive(i)}
                >
                  <span
                    aria-hidden="true"
                    className={`inline-block h-3 w-3 shrink-0 ${hit.kind === 'lieu' ? 'rounded-full border-2 border-brand-light' : hit.type === 'L' ? 'rounded-sm bg-brand' : 'rounded-full bg-brand'}`}
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium">{hit.nom}</span>
                    <span className="block truncate text-sm text-muted">
                      {hit.kind === 'entite'
                        ? t(hit.type === 'L' ? 'type.L' : 'type.R')
                        : `${t('recherche.lieuSur', { entite: hit.entiteNom })}${hit.departement ? ` (${hit.departement})` : ''}`}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="px-3 py-3 text-sm text-muted">{status}</p>
          )}
        </div>
      )}
    </div>
  );
}
