import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Import boundaries, enforced here rather than remembered: contract/ is the leaf, the console's areas never import
// each other or the composition root (src/app), and the shared console folders import no area.
const local = (...dirs) =>
  dirs.flatMap((d) => [`../${d}/*`, `../../${d}/*`, `../../../${d}/*`, `../../../../${d}/*`, `**/${d}/*`]);
// `allowed` names a folder inside a forbidden one that stays open; the pattern names the folder itself, because a
// pattern cannot re-allow a file below a folder another pattern excludes.
const boundary = (files, forbidden, message, { ignores, allowed = [] } = {}) => ({
  files,
  ...(ignores && { ignores }),
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { group: [...local(...forbidden), ...local(...allowed).map((p) => `!${p.replace(/\/\*$/, '')}`)], message },
        ],
      },
    ],
  },
});

// The console's product areas, and the shared folders they build on; src/app composes them.
const AREAS = ['records', 'library', 'send', 'accounts', 'tools', 'carriers'];
const SHARED = ['table', 'forms', 'ui', 'session', 'data', 'i18n'];

// The platform's folders in layers, bottom first: a folder imports only folders of the layers below its own, never a
// folder of its own layer or above, nor the composition root (server.ts, main.ts, lifecycle.ts), which imports them all.
// Type imports count. A test beside its module may compose areas as the root does, to check how they meet.
const PLATFORM_LAYERS = [
  ['db', 'smpp-wire'],
  ['metrics'],
  ['core'],
  ['http'],
  ['auth'],
  ['lists'],
  ['feed'],
  ['notices', 'records'],
  ['library'],
  ['accounts'],
  ['short-links'],
  ['messaging'],
  ['tools'],
  ['smpp', 'console'],
  ['integrator', 'carriers'],
  ['seed'],
];
const PLATFORM_ROOT = ['server', 'main', 'lifecycle'].flatMap((f) => [`../${f}`, `../../${f}`]);
const platformZones = () =>
  PLATFORM_LAYERS.flatMap((layer, i) =>
    layer.map((folder) => {
      const above = PLATFORM_LAYERS.slice(i)
        .flat()
        .filter((f) => f !== folder);
      const below = PLATFORM_LAYERS.slice(0, i).flat();
      return {
        files: [`platform/${folder}/**`],
        ignores: ['platform/**/*.test.ts'],
        rules: {
          'no-restricted-imports': [
            'error',
            {
              patterns: [
                {
                  group: [...local('src', 'machines', 'sync', 'tests', 'bench', ...above), ...PLATFORM_ROOT],
                  message: `platform/${folder}/ imports ${below.length ? `only ${below.join(', ')}` : 'no other platform folder'} and contract/ (PLATFORM_LAYERS, eslint.config.js).`,
                },
              ],
            },
          ],
        },
      };
    }),
  );

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  // plain Node scripts
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  boundary(
    ['contract/**'],
    ['platform', 'src', 'machines', 'sync', 'tests', 'bench'],
    'contract/ imports nothing local.',
  ),
  boundary(['sync/**'], ['platform', 'src', 'machines', 'tests', 'bench'], 'sync/ imports only contract/.'),
  boundary(
    ['machines/**'],
    ['platform', 'src', 'tests', 'bench'],
    'machines/ imports sync/ and contract/, never src/.',
  ),
  // Test-only code lives in tests/, never in the platform's folders: a platform test may import the shared test set-up
  // there, the code it tests may not.
  boundary(['platform/**'], ['src', 'machines', 'sync', 'tests', 'bench'], 'platform/ imports only contract/.', {
    ignores: ['platform/**/*.test.ts'],
  }),
  boundary(
    ['platform/**/*.test.ts'],
    ['src', 'machines', 'sync', 'tests', 'bench'],
    'A platform test imports platform/, contract/ and tests/helpers/.',
    {
      allowed: ['tests/helpers'],
    },
  ),
  ...platformZones(),
  boundary(
    ['src/**'],
    ['platform', 'tests', 'bench'],
    'src/ never imports platform/ and reaches the network only through sync/.',
  ),
  ...AREAS.map((area) =>
    boundary(
      [`src/${area}/**`],
      ['platform', 'tests', 'bench', 'app', ...AREAS.filter((a) => a !== area)],
      `src/${area}/ imports the shared console folders (${SHARED.join(', ')}), never src/app or another area.`,
    ),
  ),
  boundary(
    SHARED.map((d) => `src/${d}/**`),
    ['platform', 'tests', 'bench', 'app', ...AREAS],
    `The shared console folders (${SHARED.join(', ')}) import no area and not src/app.`,
  ),
  {
    // one rule for whose accounts a caller reaches: a route reading the raw list would bypass it
    files: ['platform/**/*.ts'],
    ignores: ['platform/auth/scope.ts', 'platform/auth/current-user.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='visibleCusIds']",
          message: 'Use readableCusIds() / canSee() / scopeCusIds() from platform/auth/scope.ts.',
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Reach the network only through sync/ (the HTTP client).' },
      ],
    },
  },
);
