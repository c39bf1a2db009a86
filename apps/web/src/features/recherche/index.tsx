/**
 * The search box as a lazy chunk: the shell and the home page show an identical, inert field until the combobox
 * code arrives (a few milliseconds after the first paint), which keeps it out of the first load of `/`.
 */
import { lazy, Suspense, useId } from 'react';
import type { SearchBoxProps } from './SearchBox';

const SearchBoxImpl = lazy(() => import('./SearchBox'));

function SearchBoxFallback({ label, showLabel, placeholder, size, className = '' }: SearchBoxProps) {
  const id = useId();
  return (
    <div className={`relative ${className}`}>
      <label htmlFor={id} className={showLabel ? 'mb-2 block font-medium' : 'sr-only'}>
        {label}
      </label>
      <input
        id={id}
        type="text"
        disabled
        className={`field !pl-10 ${size === 'large' ? '!min-h-12 text-lg' : ''}`}
        placeholder={placeholder}
      />
    </div>
  );
}

export function SearchBox(props: SearchBoxProps) {
  return (
    <Suspense fallback={<SearchBoxFallback {...props} />}>
      <SearchBoxImpl {...props} />
    </Suspense>
  );
}
