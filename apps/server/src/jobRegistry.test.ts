import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { JOBS } from './jobRegistry.ts';

/** The monitor's job names (apps/web/src/features/monitor/strings): the console shows each queue by its label. */
const labels = (language: string) =>
  JSON.parse(
    fs.readFileSync(
      new URL(`../../web/src/features/monitor/strings/${language}.json`, import.meta.url),
      'utf8',
    ),
  ).monitor.jobs.queue as Record<string, string>;

describe('background jobs', () => {
  it.each(['en-US', 'zh-CN'])('each has a label in the monitor, in %s', (language) => {
    const missing = JOBS.map((job) => job.name).filter((name) => !labels(language)[name]);
    expect(missing).toEqual([]);
  });
});
