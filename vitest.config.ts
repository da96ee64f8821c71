import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { findPostgresBin } from './tests/support/postgres-cluster.js';
import { findChromium } from './tests/support/e2e-chromium.js';

const ci = process.env.CI === 'true' || process.env.CI === '1';

/**
 * API suites about the HTTP layer, the same code whatever the database: the policy of every route and role, input
 * validation, headers and the OpenAPI document. Where the run has a PostgreSQL server they run there only; on PGlite
 * (WebAssembly, on the test's own thread) they took some 300 s of a CI run's two cores for no other code path.
 */
const HTTP_LAYER_SUITES = [
  'tests/api/access-matrix.test.ts',
  'tests/api/permission-scope.test.ts',
  'tests/api/input-fuzz.test.ts',
  'tests/api/security-headers.test.ts',
  'tests/api/openapi.test.ts',
];
const withPostgres = findPostgresBin() !== null;
/**
 * The API files of a project share their modules in a worker (isolate: false): the server's modules, and PGlite's
 * WebAssembly, compiled once and optimised as the run goes, are loaded once per worker instead of once per file (a
 * third of the API run's CPU, and each file's queries ran unoptimised code again). Each file makes its own app and
 * database (tests/support/test-app.ts) and closes them; what the modules keep is caches, and the password hash cost and
 * queue that createTestApp sets for every app. No API file mocks a module.
 */
const API_ISOLATE = false;

/**
 * The unit files that replace a module for their tests (vi.mock). The other unit files share their modules in a worker,
 * where a replaced module would stay replaced in every module that imported it, for every later file: these run in
 * modules of their own (tests/support/shared-modules-setup.ts refuses vi.mock in the others).
 */
const MOCKING_MODULES = ['tests/unit/app/movement-reference.test.tsx'];

/**
 * The unit tests. Their files share their modules in a worker, as the API tests do: importing React, antd, Refine and the
 * app again for each file, and making its document, took 40% of the unit run's CPU. tests/support/shared-modules-setup.ts
 * gives each file what a worker of its own gave it. The files without JSX (.ts: domain, server parts, the SPA's logic;
 * Node) and the SPA's components (.tsx; jsdom) are two projects: a worker is shared by files of one project and one
 * environment. Refine's react-router binding is inlined, so that it and the tests share one react-router (one Router
 * context).
 */
function unitProjects(): TestProjectInlineConfiguration[] {
  const unit = (name: string, include: string[], shared: boolean): TestProjectInlineConfiguration => ({
    extends: true,
    test: {
      name,
      include,
      exclude: [...configDefaults.exclude, ...(shared ? MOCKING_MODULES : [])],
      setupFiles: ['tests/support/testing-library-setup.ts', ...(shared ? ['tests/support/shared-modules-setup.ts'] : [])],
      server: { deps: { inline: ['@refinedev/react-router'] } },
      isolate: !shared,
    },
  });
  return [unit('unit', ['tests/unit/**/*.test.ts'], true), unit('unit-ui', ['tests/unit/**/*.test.tsx'], true), unit('unit-mocks', MOCKING_MODULES, false)];
}

function postgresProject(): TestProjectInlineConfiguration[] {
  if (withPostgres) {
    return [
      {
        extends: true,
        test: {
          name: 'api-postgres',
          include: ['tests/api/**/*.test.ts'],
          env: { TEST_DB: 'postgres' },
          globalSetup: ['tests/support/postgres-global-setup.ts'],
          isolate: API_ISOLATE,
        },
      },
    ];
  }
  if (ci) throw new Error('CI=true but no PostgreSQL server binaries were found: the PostgreSQL API run must not be skipped in CI.');
  console.warn('\n⚠  No PostgreSQL binaries found (apt-get install postgresql, or set PG_BIN): skipping the PostgreSQL API run.\n');
  return [];
}

function e2eProject(): TestProjectInlineConfiguration[] {
  if (findChromium()) {
    return [
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/e2e-global-setup.ts'],
          // One browser at a time against the one server of the run.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // A browser round trip on a loaded 2-core machine can take seconds: poll as long as a user would wait.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          // One more try for a test that fails while the API projects load both cores (three e2e tests have each failed
          // once in a dozen full runs, in different places, and passed alone: listed in the closing note of 2026-11-25
          // to be made robust). A test that fails twice fails the run.
          retry: 1,
        },
      },
    ];
  }
  if (ci) throw new Error('CI=true but Chromium was not found (apt-get install chromium): the end-to-end tests must not be skipped in CI.');
  console.warn('\n⚠  No Chromium found (apt-get install chromium, or set CHROMIUM_PATH): skipping the end-to-end tests.\n');
  return [];
}

export default defineConfig({
  test: {
    // Two cores: two test files at a time.
    maxWorkers: 2,
    fileParallelism: true,
    // Generous: on two loaded cores (API, unit and e2e projects at once) a few-second test has taken over 30 s.
    testTimeout: 60_000,
    // In CI a JSON report lets .ci/run print one plain 'N passed, N failed' line.
    reporters: ci ? ['default', 'json'] : ['default'],
    outputFile: { json: 'test-results/vitest.json' },
    hookTimeout: 120_000,
    projects: [
      ...unitProjects(),
      {
        extends: true,
        test: {
          name: 'api-pglite',
          include: ['tests/api/**/*.test.ts'],
          exclude: withPostgres ? HTTP_LAYER_SUITES : [],
          env: { TEST_DB: 'pglite' },
          globalSetup: ['tests/support/pglite-global-setup.ts'],
          isolate: API_ISOLATE,
        },
      },
      ...postgresProject(),
      ...e2eProject(),
    ],
  },
});
