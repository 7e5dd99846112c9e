/**
 * Vitest globalSetup of the `api` project. With TEST_DATABASE=postgres and no TEST_DATABASE_URL it starts a
 * throwaway PostgreSQL cluster (pg-cluster.mjs) for the run and hands it to the tests as TEST_DATABASE_URL;
 * otherwise it does nothing (PGlite, or the server TEST_DATABASE_URL already names).
 *
 *   TEST_DATABASE=postgres npx vitest run --project api
 */
import { startPgCluster } from './pg-cluster.mjs';

export default async function setup() {
  if (process.env.TEST_DATABASE !== 'postgres' || process.env.TEST_DATABASE_URL) return;
  const pg = await startPgCluster({ log: (message) => console.log(message) });
  if (pg.status === 'absent') throw new Error(`TEST_DATABASE=postgres, but ${pg.reason}`);
  // Test workers start after this and inherit the environment.
  process.env.TEST_DATABASE_URL = pg.url;
  // Interrupted runs exit without teardown; the postmaster is detached and would outlive them.
  process.once('exit', pg.stop);
  return () => {
    pg.stop();
    delete process.env.TEST_DATABASE_URL;
  };
}
