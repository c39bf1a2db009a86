/** Breadcrumb of the water-data screens: Accueil › Carte › … › current page. */
import { Link } from 'react-router';
import { useHydroMessages } from '../messages';

export function Breadcrumb({
  items,
  current,
  className = '',
}: {
  items: { to: string; label: string }[];
  current: string;
  className?: string;
}) {
  const m = useHydroMessages();
  const all = [
    { to: '/', label: m('accueil') },
    { to: '/choisir/carte', label: m('carteGenerale') },
    ...items,
  ];
  return (
    <nav aria-label={m('filAriane')} className={`text-sm ${className}`}>
      <ol className="flex flex-wrap items-center gap-1 text-muted">
        {all.map((item) => (
          <li key={item.to} className="inline-flex items-center gap-1">
            <Link className="link" to={item.to}>
              {item.label}
            </Link>
            <span aria-hidden="true">›</span>
          </li>
        ))}
        <li aria-current="page" className="text-ink">
          {current}
        </li>
      </ol>
    </nav>
  );
}
