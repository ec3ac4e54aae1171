import { defineConfig } from 'vitest/config';

// `npm run screenshots`: the main screens in both languages at a phone's and a desktop's width, saved into
// test-artifacts/screenshots/ to look at (docs/screenshots/ holds two of them for the README). Not part of `npm test`:
// a picture is for people to look at, and what the screens must show is asserted by the browser tests
// (docs/testing.md, "What it costs"). Needs the built web app (`npm run build:web`).
export default defineConfig({
  test: {
    name: 'screenshots',
    include: ['apps/web/e2e/screenshots.shots.ts'],
    environment: 'node',
    globalSetup: ['apps/api/test/global-setup.ts'],
    maxWorkers: 1,
    testTimeout: 240_000,
    hookTimeout: 90_000,
  },
});
