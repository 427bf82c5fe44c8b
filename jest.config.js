// Three projects for `npm test`: unit (pure functions, server and client), http (supertest over a real database),
// e2e (real Chromium). `npm run test:db` re-runs the database-backed ones, e.g. on PostgreSQL.
const transform = { '^.+\\.tsx?$': ['ts-jest', { tsconfig: 'tsconfig.json' }] };

module.exports = {
  projects: [
    {
      displayName: 'unit',
      testMatch: ['<rootDir>/test/unit/**/*.test.ts'],
      transform,
      testEnvironment: 'node',
      // htmx ships its module build as ESM only; the unit tests load its CommonJS build instead.
      moduleNameMapper: { '^htmx\\.org$': '<rootDir>/node_modules/htmx.org/dist/htmx.cjs.js' },
    },
    { displayName: 'http', testMatch: ['<rootDir>/test/http/**/*.test.ts'], transform, testEnvironment: 'node' },
    { displayName: 'e2e', testMatch: ['<rootDir>/test/e2e/**/*.test.ts'], transform, testEnvironment: 'node' },
    // Apart from `npm test` (each its own npm script, all run by .ci/run): several instances behind nginx
    // (test:cluster), kill -9 in the middle of writes (test:crash), fast-check over every route (test:fuzz).
    { displayName: 'cluster', testMatch: ['<rootDir>/test/cluster/**/*.test.ts'], transform, testEnvironment: 'node' },
    { displayName: 'crash', testMatch: ['<rootDir>/test/crash/**/*.test.ts'], transform, testEnvironment: 'node' },
    { displayName: 'fuzz', testMatch: ['<rootDir>/test/fuzz/**/*.test.ts'], transform, testEnvironment: 'node' },
  ],
  testTimeout: 30000,
};
