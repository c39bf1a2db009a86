/** One section of the profile screen: a card with its heading (the anchor target of the side navigation). */
import type { ReactNode } from 'react';

export function Section({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-titre`} className="card scroll-mt-20 !p-5 sm:!p-7">
      <h2 id={`${id}-titre`} className="text-xl font-semibold">
        {title}
      </h2>
      {intro && <p className="mt-1 text-muted">{intro}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}
