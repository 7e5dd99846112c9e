/** `COPY ... TO STDOUT` as a byte stream, on PostgreSQL (see `Database.copyOut`). */
import { PassThrough, type Readable } from 'node:stream';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';

/** Writes values as literals with pg's quoting, which holds whatever `standard_conforming_strings` is. */
class LiteralDialect extends PgDialect {
  override escapeString(text: string) {
    return pg.escapeLiteral(text);
  }
}
const literals = new LiteralDialect();

/** The statement's text with its values written in: COPY takes no parameters. */
export function inlined(statement: SQL): string {
  const { sql, params } = literals.sqlToQuery(statement.inlineParams());
  if (params.length > 0) throw new Error('A COPY statement cannot take placeholders');
  return sql;
}

/**
 * Streams what `text` (a `COPY ... TO STDOUT`) writes, on a connection of `pool` held until the COPY has
 * ended. The connection's socket is read only as fast as the stream is, so memory stays flat whatever the
 * size; for the same reason the statement runs without the pool's statement timeout, which would cut off a
 * slow download. Destroying the stream before its end (its reader went away, or `signal` aborted) cancels
 * the COPY: the connection goes back to the pool once the server has answered the cancel.
 */
export async function streamCopy(
  pool: pg.Pool,
  cancel: (client: pg.PoolClient) => Promise<void>,
  text: string,
  signal: AbortSignal | undefined,
): Promise<Readable> {
  const client = await pool.connect();
  try {
    await client.query('SET statement_timeout = 0');
  } catch (error) {
    client.release(error as Error);
    throw error;
  }
  const giveBack = () =>
    client.query('RESET statement_timeout').then(
      () => client.release(),
      (error: Error) => client.release(error),
    );
  if (signal?.aborted) {
    giveBack();
    throw signal.reason;
  }
  const copy = copyTo(text);
  const out = new PassThrough();
  let ended = false;
  let cancelled: Promise<void> | undefined;
  const finish = async () => {
    if (ended) return;
    ended = true;
    signal?.removeEventListener('abort', abandon);
    // A cancel that landed after the end must not hit the next statement on this connection.
    await cancelled;
    giveBack();
  };
  const abandon = () => out.destroy(signal?.reason);
  copy.once('end', finish);
  copy.on('error', (error) => {
    out.destroy(error);
    finish();
  });
  copy.pipe(out);
  // Registered after pipe's own 'close' handler, which unpipes and so pauses the COPY: this resumes it.
  out.once('close', () => {
    if (ended) return;
    cancelled = cancel(client);
    // What is still on its way is read and dropped, up to the server's answer to the cancel (or the end).
    copy.resume();
  });
  signal?.addEventListener('abort', abandon, { once: true });
  // The pool's clients answer a promise even for a stream (`followRequests`): awaited, either will do.
  await client.query(copy);
  return out;
}
