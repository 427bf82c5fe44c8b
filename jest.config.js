// Three projects: unit (pure functions, server and client), http (supertest over a real database),
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
  ],
  testTimeout: 30000,
};
