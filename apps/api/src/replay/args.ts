/** Arguments of `npm run replay` (docs/decisions/059). */
import { isIsoDay } from '@limni/shared/domain/time';
import { DEFAULT_STEP_MS } from './replay';

/** The January 2022 flood (peaks on the 10th and 11th): the default window. */
export const DEFAULT_FROM = '2022-01-08';
export const DEFAULT_TO = '2022-01-15';
export const DEFAULT_SPEED = 3600;

export interface ReplayArgs {
  from: string;
  to: string;
  speed: number;
  stepMinutes: number;
}

/** Parses `--from`, `--to`, `--speed`, `--pas` (minutes); throws a French message. */
export function parseReplayArgs(argv: readonly string[]): ReplayArgs {
  const args: ReplayArgs = {
    from: DEFAULT_FROM,
    to: DEFAULT_TO,
    speed: DEFAULT_SPEED,
    stepMinutes: DEFAULT_STEP_MS / 60_000,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    const [name, inline] = a.includes('=') ? (a.split('=', 2) as [string, string]) : [a, undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`Valeur manquante après ${name}`);
      return v;
    };
    switch (name) {
      case '--from':
        args.from = value();
        break;
      case '--to':
        args.to = value();
        break;
      case '--speed':
        args.speed = Number(value());
        break;
      case '--pas':
        args.stepMinutes = Number(value());
        break;
      default:
        throw new Error(
          `Option inconnue : ${a} (options : --from AAAA-MM-JJ --to AAAA-MM-JJ --speed N --pas MIN)`,
        );
    }
  }
  for (const [k, v] of [
    ['--from', args.from],
    ['--to', args.to],
  ] as const) {
    if (!isIsoDay(v)) throw new Error(`${k} doit être un jour AAAA-MM-JJ (reçu : ${v})`);
  }
  if (args.to <= args.from) throw new Error('--to doit suivre --from (le jour --to est exclu)');
  if (!Number.isFinite(args.speed) || args.speed <= 0) throw new Error('--speed doit être un nombre positif');
  if (!Number.isFinite(args.stepMinutes) || args.stepMinutes < 1 || args.stepMinutes > 60) {
    throw new Error('--pas doit être compris entre 1 et 60 minutes');
  }
  return args;
}
