import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import globals from 'globals';

// House rules on who imports whom (docs/architecture.md 'House rules'), as import zones: each
// zone forbids files under `target` to import anything under `from`. Zones are made from the
// folders as they are, so a new feature or service is held to them the day it is added.
const root = import.meta.dirname;
const foldersIn = (dir) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const webFeatures = foldersIn('web/src/features');
/** Everything in web/src but the app and its features: components, hooks, lib, utils, ... */
const webShared = foldersIn('web/src')
  .filter((name) => name !== 'app' && name !== 'features')
  .map((name) => `web/src/${name}`);
const services = foldersIn('services');
const serviceNames = services.map((name) => `@ballmatch/${name}`);
/** no-restricted-imports patterns for these packages and their subpaths, but `own`. */
const byName = (names, own) =>
  names.filter((name) => name !== own).flatMap((name) => [name, `${name}/*`]);

const NO_CROSS_FEATURE =
  'A web feature imports no other feature: move what both use to a shared folder ' +
  '(components/, hooks/, lib/, utils/, types/), or compose the two in app/.';
const ONE_WAY = 'Imports go app → features → shared, never back.';
const NO_CROSS_SERVICE =
  'A service imports no other service: it calls it over gRPC or hears its events.';
const STORE_NOT_GRPC = "A service's store knows nothing of its gRPC layer.";
const GRPC_NOT_STORE =
  "A service's gRPC layer calls no store function: it goes through the domain.";
const PACKAGES_BELOW = 'Packages import no service, gateway or web code.';

const zones = [
  ...webFeatures.map((feature) => ({
    target: `web/src/features/${feature}`,
    from: 'web/src/features',
    except: [`./${feature}`],
    message: NO_CROSS_FEATURE,
  })),
  {
    target: 'web/src/features',
    from: 'web/src/app',
    message: ONE_WAY,
  },
  {
    target: webShared,
    from: ['web/src/features', 'web/src/app'],
    message: ONE_WAY,
  },
  ...services.map((service) => ({
    target: `services/${service}/src`,
    from: 'services',
    except: [`./${service}`],
    message: NO_CROSS_SERVICE,
  })),
  {
    target: 'services/*/src/store/**',
    from: 'services/*/src/grpc/**',
    message: STORE_NOT_GRPC,
  },
  {
    target: 'packages',
    from: ['services', 'gateway', 'web'],
    message: PACKAGES_BELOW,
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '.data/**',
      'packages/proto/src/gen/**',
      'e2e/artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      // The web's '@/' paths come from its tsconfig; the rest resolve as Node resolves them.
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: path.join(root, 'web/tsconfig.json') }),
      ],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones }] },
  },
  // A workspace imported by its package name resolves to its build, which lint cannot rely on
  // (it runs before the build): the same rules by name.
  ...services.map((service) => ({
    files: [`services/${service}/src/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: byName(serviceNames, `@ballmatch/${service}`), message: NO_CROSS_SERVICE },
          ],
        },
      ],
    },
  })),
  // The other way, the gRPC layer calls no store function: it answers from the domain (it may
  // name a row's type, which its row-to-message mappings read).
  {
    files: ['services/*/src/grpc/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\./)+store(/|$)', allowTypeImports: true, message: GRPC_NOT_STORE },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: byName([...serviceNames, '@ballmatch/gateway', '@ballmatch/web']),
              message: PACKAGES_BELOW,
            },
          ],
        },
      ],
    },
  },
);
