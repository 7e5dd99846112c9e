import fs from 'node:fs';

const DEVELOPMENT = '/react-router/dist/development/';

/**
 * react-router's package maps every condition to its development build (remix-run/react-router#14102), so a
 * production bundle ships its developer warnings. Its production build is the same code without them (1.3 KiB
 * gzip less on the first page): the build takes that one. Shared by the console's build and the bench's floors
 * (scripts/bench/floor.mjs), so both weigh the same router.
 * @returns {import('vite').Plugin}
 */
export const reactRouterProduction = () => ({
  name: 'react-router-production',
  apply: 'build',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (source !== 'react-router') return;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    if (!resolved?.id.includes(DEVELOPMENT)) return resolved;
    const production = resolved.id.replace(DEVELOPMENT, '/react-router/dist/production/');
    if (!fs.existsSync(production))
      this.error(`react-router has no ${production}: update apps/web/react-router-production.mjs`);
    return { ...resolved, id: production };
  },
});
