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

/** The plan of a statement, with sequential scans priced out (the tables are tiny here). */
async function planOf(statement: string, values: unknown[] = []): Promise<string> {
  const client = await database.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL enable_seqscan = off');
    const { rows } = await client.query(`EXPLAIN ${statement}`, values);
    await client.query('ROLLBACK');
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    client.release();
  }
}

/** The plan of a contains-search on one column. */
const searchPlan = (table: string, column: string) =>
  planOf(`SELECT id FROM ${table} WHERE ${column} ILIKE $1`, [containsPattern('心理')]);

describe('name search', () => {
  it.each([
    ['categories', 'name_zh'],
    ['categories', 'name_en'],
    ['tests', 'title_zh'],
    ['tests', 'title_en'],
    ['tests', 'subtitle_zh'],
    ['tests', 'subtitle_en'],
    ['goals', 'title'],
    ['goals', 'client'],
    ['questions', 'stem_zh'],
    ['questions', 'stem_en'],
    ['accounts', 'username'],
    ['accounts', 'name'],
    ['accounts', 'email'],
  ])('%s.%s has a trigram index for ILIKE %%text%%', async (table, column) => {
    expect(await searchPlan(table, column)).toContain(`${table}_${column}_trgm_idx`);
  });
});

describe('list order', () => {
  it('pages goals by title off an index, without sorting them all', async () => {
    const plan = await planOf('SELECT id FROM goals ORDER BY lower(title), id LIMIT 10');
    expect(plan).toContain('goals_title_idx');
    expect(plan).not.toMatch(/^\s*(->\s*)?Sort/m);
  });
});
