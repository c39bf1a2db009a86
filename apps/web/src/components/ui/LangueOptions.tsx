/** The options of a language select: each language named in itself, and marked so (`lang`). */
export function LangueOptions() {
  return (
    <>
      <option value="fr" lang="fr">
        Français
      </option>
      <option value="en" lang="en">
        English
      </option>
    </>
  );
}
