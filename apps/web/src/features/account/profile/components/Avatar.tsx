/** The person's picture, or their initial on a coloured disc when there is none. */
export function Avatar({ src, name, size }: { src: string | null; name: string; size: number }) {
  const initial = name.trim().charAt(0).toLocaleUpperCase('fr-FR') || '?';
  if (src) {
    return (
      <img
        src={src}
        alt=""
        width={size}
        height={size}
        className="shrink-0 rounded-full border border-line bg-white object-cover"
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-brand font-bold text-white"
      style={{ width: size, height: size, fontSize: size * 0.42 }}
    >
      {initial}
    </span>
  );
}
