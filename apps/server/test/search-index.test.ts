import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, migrateDatabase } from '../src/db/database.ts';
import { containsPattern } from '../src/db/list.ts';
import { openTestDatabase } from './helpers.ts';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  await migrateDatabase(database);
});
afterAll(() => database.close());

/** The plan of a contains-search on one column, with sequential scans priced out (the tables are tiny here). */
async function searchPlan(table: string, column: string): Promise<string> {
  const client = await database.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL enable_seqscan = off');
    const { rows } = await client.query(`EXPLAIN SELECT id FROM ${table} WHERE ${column} ILIKE $1`, [
      containsPattern('心理'),
    ]);
    await client.query('ROLLBACK');
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    client.release();
  }
}

describe('name search', () => {
  it.each([
    ['categories', 'name_zh'],
    ['categories', 'name_en'],
    ['tests', 'title_zh'],
    ['tests', 'title_en'],
    ['questions', 'stem_zh'],
    ['questions', 'stem_en'],
    ['accounts', 'username'],
    ['accounts', 'name'],
    ['accounts', 'email'],
  ])('%s.%s has a trigram index for ILIKE %%text%%', async (table, column) => {
    expect(await searchPlan(table, column)).toContain(`${table}_${column}_trgm_idx`);
  });
});
