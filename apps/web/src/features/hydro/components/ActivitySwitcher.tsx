/** Activity chips with icons (from `activites/all`); each is a link, so switching keeps the current view. */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { activitesQuery } from '../../../api/hydro';
import { Skeleton } from '../../../components/ui/States';
import { ActivityIcon } from './ActivityIcon';
import { useHydroMessages } from '../messages';
import { nomActivite } from '../../../lib/activite-nom';

export function ActivitySwitcher({
  current,
  hrefFor,
  className = '',
}: {
  current: number;
  hrefFor: (ida: number) => string;
  className?: string;
}) {
  const m = useHydroMessages();
  const activites = useQuery(activitesQuery());
  const list = useRef<HTMLUListElement>(null);
  // On a phone the row scrolls: the current activity is brought into it whole (the row only, never the page).
  // Whether it shows whole is asked of an IntersectionObserver on the row, which answers after the browser's own
  // layout: reading sizes here would force a layout of the whole page in the middle of the render (TBT).
  useEffect(() => {
    const ul = list.current;
    const active = ul?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!ul || !active || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        observer.disconnect();
        if (!entry || entry.intersectionRatio >= 1 || ul.scrollWidth <= ul.clientWidth) return;
        const left = active.getBoundingClientRect().left - ul.getBoundingClientRect().left + ul.scrollLeft;
        if (left < ul.scrollLeft || left + active.offsetWidth > ul.scrollLeft + ul.clientWidth) {
          ul.scrollLeft = Math.max(0, left - (ul.clientWidth - active.offsetWidth) / 2);
        }
      },
      { root: ul, threshold: 1 },
    );
    observer.observe(active);
    return () => observer.disconnect();
  }, [current, activites.data]);
  if (activites.isPending) return <Skeleton className="h-11 w-full max-w-xl" />;
  if (!activites.data) return null;
  return (
    <nav aria-label={m('activite')} className={className}>
      <ul
        ref={list}
        className="-mx-4 flex gap-2 overflow-x-auto px-4 py-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0"
      >
        {activites.data.map((a) => {
          const active = a.id === current;
          return (
            <li key={a.id} className="shrink-0">
              <Link
                to={hrefFor(a.id)}
                aria-current={active ? 'page' : undefined}
                className={`chip ${active ? 'chip-active' : 'hover:bg-sky-50 dark:hover:bg-white/5'}`}
              >
                <ActivityIcon icone={a.icone} />
                {nomActivite(a)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
