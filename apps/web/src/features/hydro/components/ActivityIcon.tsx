/** Line icons of the six activities (by the `icone` name the API gives); decorative, always next to the name. */
import { LineIcon } from '../../../components/ui/LineIcon';

const PATHS: Record<string, string[]> = {
  baignade: [
    'M2 19c2 0 2-1.5 4-1.5s2 1.5 4 1.5 2-1.5 4-1.5 2 1.5 4 1.5 2-1.5 4-1.5',
    'M5 14.5 10 10l3 3 4-3',
    'M17 7.5a2 2 0 1 0 0-4 2 2 0 0 0 0 4z',
  ],
  peche: ['M3 12c3.5-4.5 9-5 13-2l4-3v10l-4-3c-4 3-9.5 2.5-13-2z', 'M8 11.5h.01'],
  'canoe-kayak': ['M2 15h20l-2.5 3.5h-15z', 'M5 4l14 14', 'M3.5 2.5 6 5', 'M18 17l2.5 2.5'],
  voile: ['M12 3v13', 'M12 3l7 12h-7', 'M12 6 6 15h6', 'M3 18h18l-2 3H5z'],
  aviron: ['M3 17h18', 'M6 21 18 5', 'M18 21 6 5', 'M4 20.5l3-1.5', 'M17 19l3 1.5'],
  'stand-up-paddle': [
    'M3 20h16',
    'M11 6.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z',
    'M11 9v6l-2 5',
    'M11 15l2 5',
    'M17 4v16',
    'M11 11l6-2',
  ],
};

export function ActivityIcon({ icone, className = 'h-5 w-5' }: { icone: string; className?: string }) {
  return (
    <LineIcon
      d={PATHS[icone] ?? ['M12 12m-8 0a8 8 0 1 0 16 0a8 8 0 1 0-16 0']}
      strokeWidth={1.8}
      className={className}
    />
  );
}
