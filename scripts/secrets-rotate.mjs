#!/usr/bin/env node
// `npm run secrets:rotate`: reseals every secret in the settings (merchant keys, SMTP and SMS secrets, app
// secrets) with a new key. Without SECRETS_KEY a new key goes into DATA_DIR/secrets.key and the old one leaves
// it once all is resealed; with SECRETS_KEY its first key is the new one (list the old ones after it, comma-
// separated, for this run). `-- --drop-unreadable` removes secrets that no key given opens (a lost key): they
// must then be entered again in the console. Run it with the server stopped (the embedded database takes one
// process at a time).
import { loadServerKit } from './server-kit.mjs';

const { loadConfig, openConfiguredDatabase, migrateDatabase, rotateSecretsKey } = await loadServerKit(
  'secrets',
  `
      export { loadConfig } from './src/config.ts';
      export { openConfiguredDatabase, migrateDatabase } from './src/db/database.ts';
      export { rotateSecretsKey } from './src/modules/settings/secrets.ts';`,
);

const dropUnreadable = process.argv.includes('--drop-unreadable');
const config = loadConfig(process.env);
let database;
try {
  database = await openConfiguredDatabase(config);
  await migrateDatabase(database);
  const report = await rotateSecretsKey(database.db, config, { dropUnreadable });
  for (const { key, kids } of report.unreadable)
    console.error(`${key}: sealed with key ${kids.join(', ')}, which was not given: left as it is`);
  for (const field of report.dropped) console.log(`Removed (enter it again in the console): ${field}`);
  console.log(
    report.resealed.length > 0
      ? `Resealed with key ${report.kid} (${report.source}): ${report.resealed.join(', ')}`
      : `Nothing to reseal; new secrets are sealed with key ${report.kid} (${report.source}).`,
  );
  if (report.unreadable.length > 0) {
    console.error(
      'Some secrets were sealed with a key not given: add it to SECRETS_KEY (after the new one) and run this again, or run it with -- --drop-unreadable.',
    );
    process.exitCode = 1;
  } else if (config.secretsKey?.includes(',')) {
    console.log(
      'Every secret now opens with the first key alone: keep only it in SECRETS_KEY on every server.',
    );
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database?.close();
}
