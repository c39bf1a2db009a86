/**
 * The search box (header, home page, not-found page) as a lazy chunk loaded on demand: they first show a look-alike field; the
 * combobox code (and the search terms) load when a person points at it, focuses it or types — then the real field
 * takes over with the focus and what was typed. This keeps it out of the first load of `/` (ADR 052).
 */
import { lazy, Suspense, useId, useState } from 'react';
import type { SearchBoxProps } from './SearchCombobox';
import { SearchIcon } from '../../../components/ui/SearchIcon';

const loadImpl = () => import('./SearchCombobox');
const SearchBoxImpl = lazy(loadImpl);

interface Handoff {
  focused: boolean;
  text: string;
}

function SearchBoxPlaceholder({
  label,
  showLabel,
  placeholder,
  size,
  className = '',
  handoff,
  onWanted,
}: SearchBoxProps & { handoff: Handoff | null; onWanted: (h: Handoff) => void }) {
  const id = useId();
  return (
    <div className={`relative ${className}`}>
      <label htmlFor={id} className={showLabel ? 'mb-2 block font-medium' : 'sr-only'}>
        {label}
      </label>
      <div className="relative">
        <SearchIcon />
        <input
          id={id}
          type="text"
          // The same combobox as the real field (it just has no list yet), for assistive technologies and tests.
          role="combobox"
          data-search-relais=""
          aria-expanded={false}
          aria-autocomplete="list"
          autoComplete="off"
          className={`field !pl-10 ${size === 'large' ? '!min-h-12 text-lg' : ''}`}
          placeholder={placeholder}
          // Controlled and re-focused: React mounts this field again while the real one loads (Suspense fallback).
          value={handoff?.text ?? ''}
          autoFocus={handoff?.focused ?? false}
          onPointerEnter={() => void loadImpl()}
          onTouchStart={() => void loadImpl()}
          onFocus={(e) => onWanted({ focused: true, text: e.currentTarget.value })}
          onChange={(e) => onWanted({ focused: true, text: e.currentTarget.value })}
        />
      </div>
    </div>
  );
}

export function SearchBox(props: SearchBoxProps) {
  const [handoff, setHandoff] = useState<Handoff | null>(
    props.autoFocus ? { focused: true, text: '' } : null,
  );
  const placeholder = <SearchBoxPlaceholder {...props} handoff={handoff} onWanted={setHandoff} />;
  if (!handoff) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <SearchBoxImpl {...props} autoFocus={handoff.focused || props.autoFocus} initialQuery={handoff.text} />
    </Suspense>
  );
}
