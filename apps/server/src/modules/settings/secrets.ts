/**
 * Keeping the stored secrets sealed (secretFields.ts says which they are): at every start what is still
 * plain is sealed, and `npm run secrets:rotate` reseals them all with a new key.
 */

import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/database.ts';
import {
  isSealed,
  KEY_FILE,
  type Keyring,
  keyringOf,
  newKey,
  openKeyring,
  type Sealed,
  SecretsKeyError,
  useKeyring,
  writeKeyFile,
} from '../../db/secrets.ts';
import { lockStoredSettings, rewriteStoredSetting } from './repository.ts';
import { mapSecrets, openSecrets, SECRET_FIELDS, sealSecrets } from './secretFields.ts';

/** The key ids the document's secrets are sealed with, and whether any is still plain. */
function inspect(key: string, value: unknown): { kids: Set<string>; plain: boolean } {
  const kids = new Set<string>();
  let plain = false;
  mapSecrets(key, value, (secret) => {
    if (isSealed(secret)) kids.add((secret as Sealed).kid);
    else if (typeof secret === 'string') plain = true;
    return secret;
  });
  return { kids, plain };
}

export interface SealReport {
  /** Documents whose secrets were (re)sealed by this run. */
  resealed: string[];
  /** Documents with secrets sealed by a key this keyring does not have: left as they are. */
  unreadable: Array<{ key: string; kids: string[] }>;
  /** Secrets removed (`dropUnreadable`), as `key.path`. */
  dropped: string[];
}

/**
 * Seals what is still plain (a database from before sealing) with the current key, in one transaction;
 * `rotate` also reseals what an older key of the keyring sealed, and `dropUnreadable` removes secrets no key
 * of the keyring opens (they must be entered again). Running it again changes nothing.
 */
export async function sealStoredSecrets(
  db: Executor,
  keyring: Keyring,
  options: { rotate?: boolean; dropUnreadable?: boolean } = {},
): Promise<SealReport> {
  const report: SealReport = { resealed: [], unreadable: [], dropped: [] };
  await db.transaction(async (tx) => {
    const rows = await lockStoredSettings(tx, Object.keys(SECRET_FIELDS));
    for (const row of rows) {
      const { kids, plain } = inspect(row.key, row.value);
      const unknown = [...kids].filter((kid) => !keyring.keys.has(kid));
      let value = row.value;
      if (unknown.length > 0) {
        if (!options.dropUnreadable) {
          report.unreadable.push({ key: row.key, kids: unknown });
          continue;
        }
        value = mapSecrets(row.key, value, (secret, context) => {
          if (!isSealed(secret) || keyring.keys.has(secret.kid)) return secret;
          report.dropped.push(context.replace(/^settings:/, '').replace(':', '.'));
          return null;
        });
      }
      const stale = options.rotate && [...kids].some((kid) => kid !== keyring.current);
      if (!plain && !stale && unknown.length === 0) continue;
      const sealed = sealSecrets(keyring, row.key, openSecrets(keyring, row.key, value));
      await rewriteStoredSetting(tx, row.key, sealed);
      report.resealed.push(row.key);
    }
  });
  return report;
}

/**
 * At every start: opens the key (`SECRETS_KEY`, else the key file in `DATA_DIR`, made when missing), seals
 * what is still plain, and refuses to start when secrets are sealed with a key this server does not have (on
 * PostgreSQL: another server's), rather than run unable to read them.
 */
export async function prepareSecrets(
  db: Executor,
  config: Pick<Config, 'secretsKey' | 'dataDir' | 'databaseUrl'>,
  log: (message: string) => void,
): Promise<Keyring> {
  const { keyring, source, created } = openKeyring(config.secretsKey, config.dataDir);
  if (created)
    log(
      `SECRETS_KEY is not set: made ${source}, the key the saved keys and passwords are sealed with. Keep it, and back it up apart from the database: without it they cannot be read.`,
    );
  else if (source !== 'environment' && config.databaseUrl)
    log(
      `SECRETS_KEY is not set: sealing secrets with ${source}. Every server on this database needs the same key: set SECRETS_KEY on each.`,
    );
  const report = await sealStoredSecrets(db, keyring);
  if (report.unreadable.length > 0) {
    const where = report.unreadable.map(({ key, kids }) => `${key} (key ${kids.join(', ')})`).join('; ');
    throw new SecretsKeyError(
      `The database holds secrets sealed with a key this server does not have: ${where}. This server's key is ${keyring.current} (${source === 'environment' ? 'SECRETS_KEY' : source}). Start it with the SECRETS_KEY the other servers use, or restore the key file; to give those secrets up and enter them again in the console, run: npm run secrets:rotate -- --drop-unreadable`,
    );
  }
  if (report.resealed.length > 0) log(`Sealed the plain-text secrets of: ${report.resealed.join(', ')}`);
  useKeyring(keyring);
  return keyring;
}

/**
 * `npm run secrets:rotate`: reseals every secret with a new key. With `SECRETS_KEY` the new key is its
 * first (the old ones after it, until this has run); without it a new key is added to the key file, and
 * the old ones leave the file once every secret is resealed. Run it with the servers stopped (or, on
 * PostgreSQL, after every server runs with the new `SECRETS_KEY` list).
 */
export async function rotateSecretsKey(
  db: Executor,
  config: Pick<Config, 'secretsKey' | 'dataDir'>,
  options: { dropUnreadable?: boolean } = {},
): Promise<SealReport & { kid: string; source: string }> {
  const file = path.join(config.dataDir, KEY_FILE);
  let keyring: Keyring;
  if (config.secretsKey) {
    keyring = keyringOf(config.secretsKey);
  } else {
    const old = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split(/\s+/).filter(Boolean) : [];
    const fresh = newKey();
    // The old keys stay in the file until every value is resealed: a run cut short loses nothing.
    writeKeyFile(file, [fresh, ...old]);
    keyring = keyringOf([fresh, ...old].join('\n'));
  }
  const report = await sealStoredSecrets(db, keyring, { rotate: true, ...options });
  if (!config.secretsKey && report.unreadable.length === 0) {
    const [fresh] = fs.readFileSync(file, 'utf8').split(/\s+/);
    writeKeyFile(file, [fresh as string]);
  }
  return { ...report, kid: keyring.current, source: config.secretsKey ? 'SECRETS_KEY' : file };
}
