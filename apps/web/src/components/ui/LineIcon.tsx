/**
 * A 24 × 24 line icon (stroke = current colour), decorative: always next to words. Every line icon of the app
 * (navigation, bells, eyes, activities…) is drawn by this one component.
 */
export function LineIcon({
  d,
  size = 20,
  filled = false,
  strokeWidth = 2,
  className,
}: {
  /** One path, or several drawn together. */
  d: string | readonly string[];
  size?: number;
  filled?: boolean;
  strokeWidth?: number;
  className?: string;
}) {
  const paths = typeof d === 'string' ? [d] : d;
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      {paths.map((p) => (
        <path key={p} d={p} />
      ))}
    </svg>
  );
}
