import { LineIcon } from './LineIcon';

/** The magnifier inside the search field, drawn the same by the look-alike field and the real combobox. */
export function SearchIcon() {
  return (
    <span className="pointer-events-none absolute left-3 top-1/2 flex -translate-y-1/2 text-muted">
      <LineIcon d="M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zm9 2-3.5-3.5" />
    </span>
  );
}
