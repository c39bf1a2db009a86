/** Arguments of `npm run seed` (node:util parseArgs): `--reset` only; anything else is refused with a French message. */
import { parseArgs } from 'node:util';

export interface SeedArgs {
  /** Empty every table (accounts included) and load the dataset again. */
  reset: boolean;
}

export function parseSeedArgs(argv: readonly string[]): SeedArgs {
  try {
    const { values } = parseArgs({
      args: [...argv],
      options: { reset: { type: 'boolean', default: false } },
      strict: true,
      allowPositionals: false,
    });
    return { reset: values.reset };
  } catch {
    // parseArgs explains in English; the command speaks French and names the argument it refused.
    const refused = argv.find((a) => a !== '--reset') ?? argv.join(' ');
    throw new Error(`Argument non reconnu : « ${refused} » (seul --reset est accepté)`);
  }
}
