/**
 * The architecture's lint rules fire (eslint.config.js): a web feature reaching into another's insides, an API
 * feature importing another, a retired synonym in a declared name. Each case is linted as a file at that place.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function lintFindings(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('lint of the architecture', () => {
  it('lets a web feature import another only through its index.ts', async () => {
    const inside = await lintFindings(
      'apps/web/src/features/lieu/probe.ts',
      "import { LightMap } from '../carte/components/LightMap';\nexport const probe = LightMap;\n",
    );
    expect(inside).toContain('import-x/no-restricted-paths');
    const face = await lintFindings(
      'apps/web/src/features/lieu/probe.ts',
      "import { LightMap } from '../carte';\nexport const probe = LightMap;\n",
    );
    expect(face).not.toContain('import-x/no-restricted-paths');
  });

  it('forbids an API feature to import another feature', async () => {
    const hits = await lintFindings(
      'apps/api/src/features/lieu/probe.ts',
      "import { ALERTES } from '../alertes/alertes.messages';\nexport const probe = ALERTES;\n",
    );
    expect(hits).toContain('import-x/no-restricted-paths');
  });

  it.each([
    'sensorCount',
    'placeOfStation',
    'describeRule',
    'forecastPoints',
    'lastReading',
    'subscriptionId',
  ])('refuses the retired word in %s', async (name) => {
    expect(
      await lintFindings('packages/shared/src/domain/probe.ts', `export const ${name} = 1;\n`),
    ).toContain('id-match');
  });

  it.each(['capteurCount', 'lieuOfStation', 'replaceAll', 'placeholderText', 'relectureEnCours'])(
    'accepts %s',
    async (name) => {
      expect(
        await lintFindings('packages/shared/src/domain/probe.ts', `export const ${name} = 1;\n`),
      ).toEqual([]);
    },
  );
});
