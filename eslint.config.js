// One lint setup for the whole workspace (run by `npm test`). Besides style and safety rules it holds the
// architecture's boundaries (docs/decisions/062-boundaries-as-lint-rules.md):
//   - no import cycle anywhere (import-x/no-cycle);
//   - an API feature never imports another feature; a web feature imports another only through its index.ts;
//   - packages/shared imports nothing from apps/;
//   - API: nothing below features/ imports a feature or the composition root (app.ts, server.ts);
//     only *.repo.ts files (and db/, migrations) build SQL;
//   - web: lib/, api/, stores/, components/, i18n/ never import features/ or app/;
//   - API route files never import a repository (routes → service → repositories);
//   - browser specs use e2e/fixtures.ts (tests fail on console noise);
//   - no function over 150 lines outside declarations (contracts, migrations) and tests.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const dirs = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

/**
 * One zone per feature: its files may not import any other feature's folder. With `publicFace`, a feature may import
 * another's `index.ts` (its public face) and nothing else of it.
 */
const featureZones = (root, { publicFace = false } = {}) => {
  const names = dirs(`./${root}/`);
  return names.map((name) => ({
    target: `./${root}/${name}`,
    from: `./${root}`,
    except: [
      `./${name}`,
      ...(publicFace ? names.filter((n) => n !== name).map((n) => `./${n}/index.ts`) : []),
    ],
    message: publicFace
      ? 'Une fonctionnalité n’importe d’une autre que son index.ts (sa face publique).'
      : 'Une fonctionnalité n’importe pas une autre fonctionnalité : passez par une couche commune.',
  }));
};

/** Declared names may not hold a retired synonym of `observation` or `pushRegistration` (docs/GLOSSARY.md). */
const RETIRED_WORDS =
  '^(?!.*(?:[Rr]eading|(?<![Rr]e)[Ll]ecture|[Mm]esure|[Ss]ubscription|[Ss]ensor|(?<![Rr]e)[Pp]lace(?!holder|ment)|[Ff]orecast|[Rr]ule)).*$';

const API = 'apps/api/src';
const WEB = 'apps/web/src';
/** API folders below features/: they serve features and never import them. */
const API_LOWER = ['http', 'data', 'ingest', 'notify', 'db', 'lib', 'config', 'maintenance'];
const WEB_LOWER = ['lib', 'api', 'stores', 'components', 'i18n'];

const KYSELY_VALUES = {
  name: 'kysely',
  importNames: ['sql', 'Kysely', 'SqliteDialect', 'PostgresDialect', 'CompiledQuery'],
  allowTypeImports: true,
  message: 'Seuls les dépôts (*.repo.ts) et db/ construisent du SQL.',
};

/** Calls that build or run SQL with Kysely: allowed in *.repo.ts, db/ and migrations only. */
const SQL_BUILDERS =
  'selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom|transaction';
const sqlOutsideRepo = {
  'no-restricted-syntax': [
    'error',
    {
      selector: `CallExpression[callee.type='MemberExpression'][callee.property.name=/^(${SQL_BUILDERS})$/]`,
      message: 'Le SQL vit dans un dépôt (*.repo.ts) : appelez une fonction du dépôt.',
    },
    {
      selector: "TaggedTemplateExpression[tag.name='sql']",
      message: 'Le SQL vit dans un dépôt (*.repo.ts) : appelez une fonction du dépôt.',
    },
  ],
  'no-restricted-imports': ['error', { paths: [KYSELY_VALUES] }],
};
/** A route handler validates, calls one service function and sends: it never reaches a repository. */
const routesUseServices = {
  'no-restricted-imports': [
    'error',
    {
      paths: [KYSELY_VALUES],
      patterns: [
        {
          group: ['**/*.repo', '**/*.repo.ts'],
          message: 'Une route appelle un service, jamais un dépôt (docs/decisions/063).',
        },
      ],
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'apps/api/seed-data/**',
      'apps/web/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'packages/shared/tsconfig.json',
            'apps/api/tsconfig.json',
            'apps/web/tsconfig.json',
            'e2e/tsconfig.json',
            'bench/tsconfig.json',
            'deploy/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      curly: ['error', 'multi-line'],
      'no-console': 'error',
      // One word per concept (docs/GLOSSARY.md, « Synonyms retired »): no declared name says reading, lecture
      // (relecture, the replay, is its own word), mesure or subscription. Property names are free: they are the
      // API's and the browser's public names (`a_des_mesures`, `PushSubscription`).
      'id-match': [
        'error',
        RETIRED_WORDS,
        { properties: false, onlyDeclarations: true, ignoreDestructuring: true },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones(`${API}/features`),
            ...featureZones(`${WEB}/features`, { publicFace: true }),
            {
              target: './packages/shared',
              from: './apps',
              message: 'packages/shared ne dépend d’aucune application.',
            },
            ...API_LOWER.map((dir) => ({
              target: `./${API}/${dir}`,
              from: [`./${API}/features`, `./${API}/app.ts`, `./${API}/server.ts`],
              message:
                'Une couche sous features/ n’importe ni une fonctionnalité ni la racine de composition.',
            })),
            {
              target: `./${WEB}/features`,
              from: `./${WEB}/app`,
              message: 'Une fonctionnalité n’importe pas app/ (la racine de composition).',
            },
            ...WEB_LOWER.map((dir) => ({
              target: `./${WEB}/${dir}`,
              from: [`./${WEB}/features`, `./${WEB}/app`],
              message: 'lib/, api/, stores/, components/ et i18n/ n’importent ni features/ ni app/.',
            })),
          ],
        },
      ],
    },
  },
  {
    // No god function: a function longer than this is split into named steps (declarations excepted).
    files: [
      'apps/**/*.{ts,tsx}',
      'packages/**/*.ts',
      'bench/**/*.ts',
      'e2e/**/*.ts',
      'deploy/**/*.ts',
      'scripts/**/*.ts',
    ],
    ignores: ['**/*.test.ts', `${API}/db/migrations/**`, 'packages/shared/src/contracts/**'],
    rules: {
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: [`${API}/**/*.ts`],
    ignores: [`${API}/**/*.repo.ts`, `${API}/db/**`, `${API}/**/*.test.ts`],
    rules: sqlOutsideRepo,
  },
  {
    files: [`${API}/**/*.routes.ts`],
    rules: { ...sqlOutsideRepo, ...routesUseServices },
  },
  {
    // Test files share their worker's modules (vitest.config.ts, docs/decisions/129): whatever replaces a module, a
    // global or the clock goes in a web `*.isolated.test.ts`, which runs in a module graph of its own.
    files: ['**/*.test.ts'],
    ignores: [`${WEB}/**/*.isolated.test.ts`],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'stubGlobal', 'stubEnv', 'useFakeTimers'].map((property) => ({
          object: 'vi',
          property,
          message:
            'Les fichiers de test partagent leurs modules : mettez ce test dans un *.isolated.test.ts (web).',
        })),
      ],
    },
  },
  {
    // Every browser spec uses the guarded `test` of e2e/fixtures.ts (fails on console noise).
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              allowTypeImports: true,
              message: 'Importez test et expect depuis ./fixtures (garde de la console).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/web/test/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // Command-line entry points, benches and tests may print.
    files: ['**/cli.ts', 'bench/**', 'e2e/**', '**/*.mjs', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
);
