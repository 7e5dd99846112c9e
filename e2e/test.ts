import { test as base } from '@playwright/test';
import { serverOf } from './servers.ts';

/**
 * Playwright's `test`, with the pages and requests of each worker going to its own server (e2e/servers.ts).
 * Specs take `test` from here, never from '@playwright/test' (lint refuses it).
 */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads which fixtures a fixture needs from this pattern.
  baseURL: async ({}, use, testInfo) => use(serverOf(testInfo.parallelIndex).baseURL),
});

/** The server of the test that is running, and its fakes' ports. */
export const thisServer = () => serverOf(test.info().parallelIndex);

export { expect } from '@playwright/test';
