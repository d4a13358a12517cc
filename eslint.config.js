import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Import boundaries of DESIGN.md §6, enforced here rather than remembered.
const local = (...dirs) => dirs.flatMap((d) => [`../${d}/*`, `../../${d}/*`, `../../../${d}/*`, `../../../../${d}/*`, `**/${d}/*`]);
const boundary = (files, forbidden, message) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: [{ group: local(...forbidden), message }] }] },
});

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'data/**', 'test-results/**', 'playwright-report/**', 'bench/results/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  { files: ['src/**/*.{ts,tsx}'], plugins: { 'react-hooks': reactHooks }, rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' } },
  boundary(['contract/**'], ['platform', 'src', 'machines', 'sync', 'tests', 'bench'], 'contract/ imports nothing local.'),
  boundary(['sync/**'], ['platform', 'src', 'machines', 'tests', 'bench'], 'sync/ imports only contract/.'),
  boundary(['machines/**'], ['platform', 'src', 'tests', 'bench'], 'machines/ imports sync/ and contract/, never src/.'),
  boundary(['platform/**'], ['src', 'machines', 'sync', 'tests', 'bench'], 'platform/ imports only contract/.'),
  boundary(['src/**'], ['platform', 'tests', 'bench'], 'src/ never imports platform/ and reaches the network only through sync/.'),
  {
    // one rule for whose accounts a caller reaches: a route reading the raw list would bypass it
    files: ['platform/**/*.ts'],
    ignores: ['platform/auth/scope.ts', 'platform/auth/current-user.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[property.name='visibleCusIds']", message: 'Use readableCusIds() / canSee() / scopeCusIds() from platform/auth/scope.ts.' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts'],
    rules: { 'no-restricted-globals': ['error', { name: 'fetch', message: 'Reach the network only through sync/ (the HTTP client).' }] },
  },
);
