/** The frame of a screen: width and spacing, its title (the page's only h1) and an optional introduction. */
import type { ReactNode } from 'react';

const WIDTHS = { wide: 'max-w-7xl', form: 'max-w-2xl' } as const;

export function Page({
  title,
  intro,
  width = 'wide',
  children,
}: {
  title: ReactNode;
  intro?: ReactNode;
  width?: keyof typeof WIDTHS;
  children: ReactNode;
}) {
  return (
    <div className={`mx-auto px-4 py-8 md:py-12 ${WIDTHS[width]}`}>
      <h1 className="text-3xl font-bold tracking-tight text-brand md:text-4xl dark:text-sky-200">{title}</h1>
      {intro && <p className="mt-3 max-w-3xl text-lg text-muted">{intro}</p>}
      {children}
    </div>
  );
}
