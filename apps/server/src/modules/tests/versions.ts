import type { TestVersionSnapshot } from '@cool/shared';
import type { Executor } from '../../db/database.ts';
import { questionsOf } from '../questions/repository.ts';
import {
  currentVersionOf,
  findVersion,
  insertVersion,
  lockTest,
  pair,
  readVersion,
  type TestRow,
  type TestVersionRow,
} from './repository.ts';

/**
 * Published versions: what a test was when it went on the shelf, stored once and never changed,
 * so a record is scored and shown on the version it was started on.
 */

/** The test as it is now (its columns and live questions), as a version stores it. */
async function snapshotOf(tx: Executor, row: TestRow): Promise<TestVersionSnapshot> {
  const questions = await questionsOf(tx, row.id);
  return {
    title: pair(row.titleZh, row.titleEn),
    subtitle: pair(row.subtitleZh, row.subtitleEn),
    coverUrl: row.coverUrl,
    introduction: pair(row.introductionZh, row.introductionEn),
    instructions: pair(row.instructionsZh, row.instructionsEn),
    priceFen: row.priceFen,
    minutes: row.minutes,
    questions: questions.map((q, i) => ({
      position: i + 1,
      stem: pair(q.stemZh, q.stemEn),
      imageUrl: q.imageUrl,
      type: q.type,
      required: q.required,
      options: q.options,
    })),
    scoring: row.scoring,
  };
}

/**
 * Stores version `version` of the test from its current content, in the caller's transaction (publishing
 * does this with the status change). An existing row of that version is kept as it is.
 */
export async function writeVersion(
  tx: Executor,
  row: TestRow,
  version: number,
  published: { at: Date; by: number | null },
): Promise<TestVersionRow> {
  const snapshot = await snapshotOf(tx, row);
  await insertVersion(tx, {
    testId: row.id,
    version,
    snapshot,
    publishedAt: published.at,
    publishedBy: published.by,
  });
  return (await findVersion(tx, row.id, version))!;
}

/** Versions read by id, per database (each API test opens its own); a version never changes once written. */
const versionsByDatabase = new WeakMap<Executor, Map<number, TestVersionRow>>();
/** Enough for every version being taken at once; the least recently read is forgotten first. */
const VERSIONS_KEPT = 200;

/**
 * A version by id, read once per database and then kept: every answer save needs its questions, and
 * re-reading and parsing its 16 KB snapshot was a third of a save's time under a screening's load.
 */
export async function findVersionById(db: Executor, id: number) {
  const kept = versionsByDatabase.get(db) ?? new Map<number, TestVersionRow>();
  versionsByDatabase.set(db, kept);
  const known = kept.get(id);
  if (known) {
    kept.delete(id);
    kept.set(id, known);
    return known;
  }
  const found = await readVersion(db, id);
  if (found) {
    kept.set(id, found);
    if (kept.size > VERSIONS_KEPT) kept.delete(kept.keys().next().value!);
  }
  return found;
}

/**
 * The current version of a test on the shelf, or undefined when it is not on the shelf. A test published
 * before versions were stored (the seeded built-ins, older installations) gets its row written now from its
 * live content, which cannot have changed since: content is locked while a test is on the shelf. The test
 * row is share-locked, so starts run side by side but an unpublish waits for the caller's transaction.
 */
export async function ensureCurrentVersion(
  tx: Executor,
  testId: number,
): Promise<TestVersionRow | undefined> {
  return (await lockCurrentVersion(tx, testId))?.version;
}

/** `ensureCurrentVersion`, with the test's live price read from the row it locked. */
export async function lockCurrentVersion(
  tx: Executor,
  testId: number,
): Promise<{ version: TestVersionRow; priceFen: number } | undefined> {
  const row = await lockTest(tx, testId, 'share');
  if (row?.status !== 'on_shelf') return undefined;
  const version =
    (await findVersion(tx, testId, row.version)) ??
    (await writeVersion(tx, row, row.version, { at: row.publishedAt ?? new Date(), by: null }));
  return { version, priceFen: row.priceFen };
}

/** The current version of a test on the shelf, for reading; written first only when it is missing. */
export async function shelfVersion(db: Executor, testId: number): Promise<TestVersionRow | undefined> {
  const row = await currentVersionOf(db, testId);
  if (row?.status !== 'on_shelf') return undefined;
  return row.version ?? db.transaction((tx) => ensureCurrentVersion(tx, testId));
}
