import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import i18next from 'eslint-plugin-i18next';
import tseslint from 'typescript-eslint';

/** The SPA's folders whose every text is translated (see the rule at the end). */
const TRANSLATED_FOLDERS = [
  'src/app/i18n',
  'src/app/layout',
  'src/app/pages/login',
  'src/app/pages/errors',
  'src/app/pages/inventory',
  'src/app/pages/update-all-inventory',
  'src/app/pages/purchase-orders',
  'src/app/pages/replenishment',
  'src/app/pages/permissions',
  'src/app/pages/backups',
  'src/app/pages/public',
  'src/app/pages/stock-takes',
  'src/app/pages/transfers',
  'src/app/crud',
  'src/app/declared',
  'src/app/components',
  'src/app/routes',
  'src/app/history',
  'src/app/live',
  'src/app/access',
  'src/app/providers',
  'src/app/pages/reports',
  'src/app/pages/dashboard',
  'src/app/pages/products',
  'src/app/pages/handling-charges',
  'src/app/pages/activity',
  'src/app/resources',
];

export default tseslint.config(
  { ignores: ['dist', 'build', 'node_modules', 'data', 'test-results', 'src/server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // Typed numbers and dates go through the app's own fields (src/app/components): InputNumber rounds and
      // clamps what was typed on blur, and a bare DatePicker takes only its display format when typed into.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'antd',
              importNames: ['InputNumber', 'DatePicker'],
              message: 'Use NumberField / DateField from src/app/components: they keep what was typed and accept typed dates.',
            },
          ],
        },
      ],
    },
  },
  { files: ['src/app/components/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': 'off' } },
  // Issue 34: a text a person reads comes from the language files (t('key')), never typed into a screen. Every folder
  // listed here is translated; docs/i18n.md lists what is left and how to add a folder.
  {
    files: TRANSLATED_FOLDERS.map((folder) => `${folder}/**/*.tsx`),
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: [
              'title',
              'label',
              'placeholder',
              'aria-label',
              'alt',
              'message',
              'description',
              'subTitle',
              'okText',
              'cancelText',
              'emptyText',
              'tooltip',
              'extra',
            ],
          },
        },
      ],
    },
  },
);
