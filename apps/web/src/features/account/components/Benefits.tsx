/** What an account brings, beside the sign-in and registration forms on wide screens. */
import { Link } from 'react-router';
import { LineIcon } from '../../../components/ui/LineIcon';
import { useAccountMessages } from '../messages';

const ICONS = [
  'M6 8a6 6 0 1 1 12 0c0 7 3 8 3 8H3s3-1 3-8zm4.5 12a1.5 1.5 0 0 0 3 0',
  'M7 2h10a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zm4 17h2',
  'M4 7h3l2-3h6l2 3h3a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1zm8 10a4 4 0 1 0 0-8 4 4 0 0 0 0 8z',
  'M3 6l9 7 9-7M4 5h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z',
] as const;

export function Benefits() {
  const m = useAccountMessages();
  const items = [
    { text: m('avantage1'), icon: ICONS[0] },
    { text: m('avantage2'), icon: ICONS[1] },
    { text: m('avantage3'), icon: ICONS[2] },
    { text: m('avantage4'), icon: ICONS[3] },
  ];
  return (
    <div className="rounded-xl border border-sky-200 bg-sky-50/70 p-5 text-sky-950 sm:p-7 dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-100">
      <h2 className="text-lg font-semibold">{m('avantagesTitre')}</h2>
      <ul className="mt-4 space-y-4">
        {items.map(({ text, icon }) => (
          <li key={text} className="flex gap-3">
            <LineIcon d={icon} size={24} className="mt-0.5 shrink-0 text-brand dark:text-sky-300" />
            <span>{text}</span>
          </li>
        ))}
      </ul>
      <Link to="/avantages-compte" className="link mt-5 inline-flex min-h-11 items-center font-semibold">
        {m('avantagesLien')}
      </Link>
    </div>
  );
}
