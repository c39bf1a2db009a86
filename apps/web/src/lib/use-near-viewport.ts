/**
 * True once the element with `id` is within `margin` pixels of the viewport (docs/decisions/052): a part below the
 * fold loads its code and data when the person comes near it, not with the first screen. Rendered on the server
 * (the prerender of docs/decisions/116) it is true, so that the first screen's HTML holds the part; in the browser
 * it starts true when the element painted by that HTML is already near, so that a part in view never blinks.
 */
import { useEffect, useState } from 'react';

/**
 * How far below the fold (in px) a part starts loading: a short scroll ahead. Its code and data then take a
 * round trip or two; the part shows its loading skeleton meanwhile, as any data section does.
 */
const MARGIN = 100;

function nearNow(id: string): boolean {
  const el = document.getElementById(id);
  return el !== null && el.getBoundingClientRect().top < window.innerHeight + MARGIN;
}

export function useNearViewport(id: string): boolean {
  const [near, setNear] = useState(
    () => typeof document === 'undefined' || typeof IntersectionObserver === 'undefined' || nearNow(id),
  );
  useEffect(() => {
    const el = document.getElementById(id);
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: `0px 0px ${MARGIN}px 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [id, near]);
  return near;
}
