import { createHash } from 'node:crypto';
import { ID_MAX, type Page } from '@cool/shared';
import {
  and,
  asc,
  count,
  desc,
  getTableName,
  inArray,
  type Placeholder,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { detached, type Executor } from './database.ts';

export type SortOrder = 'ascend' | 'descend';

/** Builds the condition of one filter from its (present, non-empty) query value. */
type Filter = (value: never) => SQL | undefined;

export interface ListSpec<F extends Record<string, Filter>, S extends string> {
  table: PgTable;
  /** The table's unique NOT NULL key: the tie-breaker of every order, and how a page's rows are fetched. */
  id: PgColumn;
  /** The query parameters that filter, each mapped to its condition; nothing else reaches the SQL. */
  filters: F;
  /** The sortable fields; each expression must be NOT NULL, so keyset comparisons hold. */
  sorts: Record<S, SQLWrapper>;
  defaultSort: { field: NoInfer<S>; order: SortOrder };
  /** Lists up to this many rows are counted exactly on every page (default 10,000); see `page`. */
  exactCountUpTo?: number;
  /** A longer list keeps the key of every this many-th row (default 1,000) for pages by number; see `page`. */
  anchorEvery?: number;
  /**
   * Pages starting within this many rows (default 20,000) skip rows off the index instead: 4 ms for 10,000
   * rows, where numbering a long list for its anchors takes a second on its first call.
   */
  skipUpTo?: number;
}

/** A list's query: its filter values and the `sortField`/`sortOrder` pair the console sends. */
export type ListQuery<F extends Record<string, Filter>, S extends string> = {
  [K in keyof F]?: Parameters<F[K]>[0] | undefined;
} & { sortField?: S | undefined; sortOrder?: SortOrder | undefined };

/**
 * Reads the full rows of a page or batch: `where(inPage)` picks them by id, `orderBy(...order)` keeps the
 * list's order. Computed columns (counts, joins) belong here: they are evaluated for these rows only.
 * A page's rows carry their `id` (its cursor names the last one).
 */
export type FetchRows<R> = (inPage: SQL, order: SQL[]) => Promise<R[]>;

/** A row of an export batch: its id and `cursor` (the select's `cursor` column) continue the next batch. */
export interface BatchRow {
  id: unknown;
  cursor: string;
}

/**
 * Reads one export batch: at most `limit` rows that `where` picks, in `order`, each with the `cursor`
 * expression selected as `cursor`.
 */
export type FetchBatch<R extends BatchRow> = (batch: {
  where: SQL | undefined;
  order: SQL[];
  limit: number;
  cursor: SQL<string>;
}) => Promise<R[]>;

/**
 * The rows of a page as one drizzle select, not yet run (`FetchRows` without its `await`): see `pages`.
 */
export type SelectRows<R> = (
  db: Executor,
  inPage: SQL,
  order: SQL[],
) => { toSQL(): { sql: string }; prepare(name: string): PreparedRows<R> };
interface PreparedRows<R> {
  execute(values: PageValues): Promise<R[]>;
}

/** How a page's ids start: from the top (skipping rows), after a kept anchor row, or after a cursor's row. */
type Seek = 'top' | 'anchor' | 'cursor';
/** The values a page's statement takes besides the filters: a prepared one takes them as placeholders. */
type PageValues = { pageSize: number; skip: number; seekKey?: unknown; seekId?: unknown };
type PageParams = { [K in keyof PageValues]: PageValues[K] | Placeholder };
const PLACEHOLDERS: PageParams = {
  pageSize: sql.placeholder('pageSize'),
  skip: sql.placeholder('skip'),
  seekKey: sql.placeholder('seekKey'),
  seekId: sql.placeholder('seekId'),
};

export interface PageQuery {
  pageNo: number;
  pageSize: number;
  cursor?: string | undefined;
}

export const EXPORT_BATCH = 2000;

const offset = (query: PageQuery) => (query.pageNo - 1) * query.pageSize;

const after = (order: SortOrder) => sql.raw(order === 'descend' ? '<' : '>');

// A client can forge a cursor: its id is bounded like any id, or the database refuses the comparison.
const cursorSchema = z.object({
  p: z.number().int(),
  s: z.string(),
  i: z.number().int().positive().max(ID_MAX),
});

const encodeCursor = (pageNo: number, signature: string, lastId: number) =>
  Buffer.from(JSON.stringify({ p: pageNo, s: signature, i: lastId })).toString('base64url');

/** The id of the row a cursor continues after, if it was issued for this page of this list. */
function cursorAnchor(cursor: string | undefined, pageNo: number, signature: string): number | undefined {
  if (!cursor) return undefined;
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString()));
    return parsed.success && parsed.data.p === pageNo && parsed.data.s === signature
      ? parsed.data.i
      : undefined;
  } catch {
    return undefined;
  }
}

/** How long the count of a long list is reused before it is taken again (in the background). */
export const COUNT_MAX_AGE_MS = 10_000;
/** Long lists remembered per database, the oldest forgotten first. */
const COUNTS_KEPT = 500;

interface KnownCount {
  /** Null while the list is counted in full for the first time. */
  total: number | null;
  countedAt: number;
  recounting?: Promise<unknown> | undefined;
}

/** The sort key and id of every `anchorEvery`-th row of a long list in one order: `rows[j]` is row (j+1)·every. */
interface KnownAnchors {
  rows: { key: unknown; id: unknown }[];
  takenAt: number;
  retaking?: Promise<unknown> | undefined;
}

/** Totals of long lists and their anchors, per database (each test opens its own). */
const countsByDatabase = new WeakMap<object, Map<string, KnownCount>>();
const anchorsByDatabase = new WeakMap<object, Map<string, Promise<KnownAnchors>>>();

const cacheOf = <V>(caches: WeakMap<object, Map<string, V>>, db: Executor) => {
  const cache = caches.get(db) ?? new Map<string, V>();
  caches.set(db, cache);
  return cache;
};
const countsOf = (db: Executor) => cacheOf(countsByDatabase, db);

/** Keeps `key` in a cache of at most COUNTS_KEPT entries, the oldest forgotten first. */
const keep = <V>(cache: Map<string, V>, key: string, value: V) => {
  cache.delete(key);
  cache.set(key, value);
  if (cache.size > COUNTS_KEPT) cache.delete(cache.keys().next().value as string);
  return value;
};

/**
 * A column of the outer query, for a correlated subquery among a select's fields: drizzle writes the fields'
 * columns bare in a one-table select (`"id"`), and a bare name in the subquery would be the subquery's own.
 */
export const outerColumn = (column: PgColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** Escapes LIKE wildcards so a search for `50%` finds the text `50%`. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One list of a repository: whitelisted filters, a sort map, pages and exports in SQL.
 * Pages use a deferred join (the page's ids come off an index, then only those rows are read in full),
 * so a deep page never computes columns of the rows it skips; exports walk the same order in keyset batches.
 */
export function defineList<F extends Record<string, Filter>, S extends string>(spec: ListSpec<F, S>) {
  type Query = ListQuery<F, S>;

  const where = (query: Query): SQL | undefined =>
    and(
      ...Object.entries(spec.filters).map(([name, filter]) => {
        const value = (query as Record<string, unknown>)[name];
        return value === undefined || value === null || value === '' ? undefined : filter(value as never);
      }),
    );

  const sortOf = (query: Query) =>
    query.sortField
      ? { key: spec.sorts[query.sortField], order: query.sortOrder ?? 'ascend' }
      : { key: spec.sorts[spec.defaultSort.field], order: spec.defaultSort.order };

  const orderBy = (query: Query): SQL[] => {
    const { key, order } = sortOf(query);
    const direction = order === 'descend' ? desc : asc;
    return [direction(key), direction(spec.id)];
  };

  /** Which list a cursor belongs to: the same filters and sort, or it is ignored. */
  const signatures = new Map<string, string>();
  const signatureOf = (query: Query) => {
    const list = JSON.stringify([
      Object.keys(spec.filters).map((name) => (query as Record<string, unknown>)[name] ?? null),
      query.sortField ?? null,
      query.sortOrder ?? null,
    ]);
    // Hashed once per list: the same few lists are paged on every request.
    return (
      signatures.get(list) ??
      keep(signatures, list, createHash('sha256').update(list).digest('base64url').slice(0, 12))
    );
  };

  const countRows = async (db: Executor, condition: SQL | undefined) =>
    (await db.select({ n: count() }).from(spec.table).where(condition))[0]?.n ?? 0;

  const exactUpTo = spec.exactCountUpTo ?? 10_000;
  /** Counts at most `limit` rows: the whole count of a short list, a bound for a long one. */
  const countUpTo = async (db: Executor, condition: SQL | undefined, limit: number) => {
    const rows = db.select({ one: sql`1` }).from(spec.table).where(condition).limit(limit).as('counted');
    return (await db.select({ n: count() }).from(rows))[0]?.n ?? 0;
  };
  const countKey = (query: Query) =>
    JSON.stringify([
      getTableName(spec.table),
      Object.keys(spec.filters).map((name) => (query as Record<string, unknown>)[name] ?? null),
    ]);

  /**
   * The list's total. A list of up to `exactUpTo` rows is counted exactly (the count stops there, so it
   * costs no more than reading that many index entries). A longer one answers `exactUpTo` as a bound
   * (`capped`: "10,000+") while it is counted in full in the background; that total is then reused for
   * COUNT_MAX_AGE_MS and retaken in the background while the old one is still answered: rows added or
   * removed meanwhile are missing from it. The last page and pages past the end correct it (`remember`), so
   * paging to the end always shows the exact total.
   */
  const totalOf = async (
    db: Executor,
    condition: SQL | undefined,
    key: string,
  ): Promise<{ total: number; capped: boolean }> => {
    const counts = countsOf(db);
    const known = counts.get(key);
    const recount = (entry: KnownCount) => {
      entry.recounting = detached(() => countRows(db, condition)).then(
        (total) => remember(db, key, total),
        () => counts.delete(key),
      );
    };
    if (known?.total === null) return { total: exactUpTo, capped: true };
    if (known && known.total > exactUpTo) {
      if (Date.now() - known.countedAt > COUNT_MAX_AGE_MS && !known.recounting) recount(known);
      return { total: known.total, capped: false };
    }
    const bounded = await countUpTo(db, condition, exactUpTo + 1);
    if (bounded <= exactUpTo) return { total: remember(db, key, bounded), capped: false };
    recount(keep(counts, key, { total: null, countedAt: Date.now() }));
    return { total: exactUpTo, capped: true };
  };
  const remember = (db: Executor, key: string, total: number) => {
    const counts = countsOf(db);
    counts.delete(key);
    if (total > exactUpTo) keep(counts, key, { total, countedAt: Date.now() });
    return total;
  };

  const every = spec.anchorEvery ?? 1000;
  const skipUpTo = spec.skipUpTo ?? 20_000;
  /**
   * The anchors of a long list in the query's order, taken in one pass over its index (the rows are
   * numbered, every `every`-th kept); reused and retaken like the total (`totalOf`).
   */
  const anchorsOf = (db: Executor, query: Query, condition: SQL | undefined, countedAs: string) => {
    const { key } = sortOf(query);
    const take = async (): Promise<KnownAnchors> => {
      const numbered = db
        .select({
          key: sql`${key}`.as('anchor_key'),
          id: sql`${spec.id}`.as('anchor_id'),
          n: sql<number>`row_number() over (order by ${sql.join(orderBy(query), sql`, `)})`.as('n'),
        })
        .from(spec.table)
        .where(condition)
        .as('numbered');
      const rows = await db
        .select({ key: numbered.key, id: numbered.id })
        .from(numbered)
        .where(sql`${numbered.n} % ${every} = 0`)
        .orderBy(numbered.n);
      return { rows, takenAt: Date.now() };
    };
    const cache = cacheOf(anchorsByDatabase, db);
    const cacheKey = JSON.stringify([countedAs, query.sortField ?? null, sortOf(query).order]);
    const known = cache.get(cacheKey);
    if (!known) {
      // Taken for every request that waits for it, so no single abandoned request cancels it.
      const taking = detached(take);
      taking.catch(() => cache.delete(cacheKey));
      return keep(cache, cacheKey, taking);
    }
    return known.then((anchors) => {
      if (Date.now() - anchors.takenAt > COUNT_MAX_AGE_MS && !anchors.retaking) {
        anchors.retaking = detached(take).then(
          (fresh) => keep(cache, cacheKey, Promise.resolve(fresh)),
          () => {
            anchors.retaking = undefined;
          },
        );
      }
      return anchors;
    });
  };

  /**
   * Where a page by number starts: the anchor at or before its first row and how many rows follow it
   * before the page, or no anchor (skip `start` rows from the top) when the list is short or the page near
   * the top. The anchors are as old as the total: rows added or removed since before an anchor shift the
   * pages after it by as many rows, until they are retaken (COUNT_MAX_AGE_MS).
   */
  const startOf = async (db: Executor, query: Query, condition: SQL | undefined, start: number) => {
    if (start < Math.max(every, skipUpTo)) return { skip: start };
    const counted = countKey(query);
    const { total, capped } = await totalOf(db, condition, counted);
    if (total <= exactUpTo && !capped) return { skip: start };
    const { rows } = await anchorsOf(db, query, condition, counted);
    const at = Math.min(Math.floor(start / every), rows.length) - 1;
    const anchor = rows[at];
    return anchor ? { anchor, skip: start - (at + 1) * every } : { skip: start };
  };

  /**
   * The page's ids, off the index inside the statement that reads their rows (one round trip): `pageSize`
   * rows after `skip` from where `seek` starts.
   */
  const inPage = (db: Executor, query: Query, condition: SQL | undefined, seek: Seek, v: PageParams) => {
    const { key, order: direction } = sortOf(query);
    // The cursor row's key is read in SQL (the inner table shadows the outer), so a cursor holds only ids. A
    // client can name any id in it: the row counts only while it is in this list (its filters, and whose rows a
    // viewer may see), or a forged cursor would tell where a row the viewer may not see falls among theirs.
    const from =
      seek === 'anchor'
        ? sql`(${key}, ${spec.id}) ${after(direction)} (${v.seekKey}, ${v.seekId})`
        : seek === 'cursor'
          ? sql`(${key}, ${spec.id}) ${after(direction)} (select ${key}, ${spec.id} from ${spec.table} where ${and(sql`${spec.id} = ${v.seekId}`, condition)})`
          : undefined;
    return inArray(
      spec.id,
      db
        .select({ id: spec.id })
        .from(spec.table)
        .where(and(condition, from))
        .orderBy(...orderBy(query))
        .limit(v.pageSize)
        .offset(v.skip),
    );
  };

  /** One page, its rows read by `read` (see `page`). */
  const pageWith = async <R extends { id: number }>(
    db: Executor,
    query: Query & PageQuery,
    read: (seek: Seek, values: PageValues, condition: SQL | undefined) => Promise<R[]>,
  ): Promise<Page<R>> => {
    const { pageNo, pageSize } = query;
    const condition = where(query);
    const signature = signatureOf(query);
    const cursorId = cursorAnchor(query.cursor, pageNo, signature);
    const byNumber = async () => {
      const { anchor, skip } = await startOf(db, query, condition, offset(query));
      return anchor
        ? read('anchor', { pageSize, skip, seekKey: anchor.key, seekId: anchor.id }, condition)
        : read('top', { pageSize, skip }, condition);
    };
    let data =
      cursorId === undefined
        ? await byNumber()
        : await read('cursor', { pageSize, skip: 0, seekId: cursorId }, condition);
    // The cursor's row was deleted meanwhile: find the page by its number.
    if (cursorId !== undefined && data.length === 0) data = await byNumber();
    // A page that is not full, or an empty first page, tells the exact total without counting; past the
    // end the list is counted in full. Otherwise see `totalOf`.
    const start = offset(query);
    const counted = countKey(query);
    const { total, capped } =
      (data.length > 0 && data.length < pageSize) || (start === 0 && data.length === 0)
        ? { total: remember(db, counted, start + data.length), capped: false }
        : data.length === 0
          ? { total: remember(db, counted, await countRows(db, condition)), capped: false }
          : await totalOf(db, condition, counted);
    // A bound is at least the rows seen, so the page asked for stays within the pages it tells of.
    const totalCount = capped ? Math.max(total, start + data.length) : total;
    const last = data.at(-1)?.id;
    return {
      pageNo,
      pageSize,
      totalCount,
      ...(capped && { totalCapped: true }),
      totalPage: Math.ceil(totalCount / pageSize),
      data,
      ...(data.length === pageSize &&
        last !== undefined && { nextCursor: encodeCursor(pageNo + 1, signature, last) }),
    };
  };

  return {
    where,
    orderBy,

    /**
     * One page with its totals; a page past the end comes back empty with the real totals. A full page
     * carries `nextCursor`: sent back with the next `pageNo`, that page starts right after this one's last
     * row (`(key, id) > that row's`) instead of skipping rows, so page 10,000 costs what page 2 does.
     * A page of a long list asked for by number alone starts after the nearest anchor (`startOf`), so it
     * skips fewer than `anchorEvery` rows wherever it is.
     */
    page<R extends { id: number }>(db: Executor, query: Query & PageQuery, fetch: FetchRows<R>) {
      return pageWith(db, query, (seek, values, condition) =>
        fetch(inPage(db, query, condition, seek, values), orderBy(query)),
      );
    },

    /**
     * Pages as `page` reads them, from one select built once per list shape (the filter values it binds,
     * the sort, how the page starts) with the page's other values as placeholders, and prepared under a
     * name taken from its text: a list read on every request no longer builds its statement each time
     * (drizzle's building was most of a page's CPU), and each connection plans it once. Shapes are kept
     * per database like the totals (COUNTS_KEPT).
     */
    pages<R extends { id: number }>(select: SelectRows<R>) {
      const statementsByDatabase = new WeakMap<object, Map<string, PreparedRows<R>>>();
      const statementOf = (db: Executor, query: Query, condition: SQL | undefined, seek: Seek) => {
        const statements = cacheOf(statementsByDatabase, db);
        const shape = JSON.stringify([
          Object.keys(spec.filters).map((name) => (query as Record<string, unknown>)[name] ?? null),
          query.sortField ?? null,
          query.sortOrder ?? null,
          seek,
        ]);
        const known = statements.get(shape);
        if (known) return known;
        const rows = select(db, inPage(db, query, condition, seek, PLACEHOLDERS), orderBy(query));
        // Named by its text: shapes whose text is the same share the name, and so their parsed statement.
        const name = `list_${createHash('sha256').update(rows.toSQL().sql).digest('base64url').slice(0, 16)}`;
        return keep(statements, shape, rows.prepare(name));
      };
      return (db: Executor, query: Query & PageQuery) =>
        pageWith(db, query, (seek, values, condition) =>
          statementOf(db, query, condition, seek).execute(values),
        );
    },

    /**
     * Every row of the filtered, sorted list, read in keyset batches (`(key, id) > last`) of one statement
     * each, so an export holds one batch at a time and rows inserted meanwhile neither repeat nor shift the
     * others. Yields each batch whole (a promise per row costs more than the row at a million rows); the
     * next batch is read while the caller writes this one.
     */
    async *stream<R extends BatchRow>(query: Query, fetch: FetchBatch<R>, batchSize = EXPORT_BATCH) {
      const condition = where(query);
      const { key, order } = sortOf(query);
      const ordering = orderBy(query);
      // As text, the key keeps its microseconds on the way back into the next batch's condition.
      const cursor = sql<string>`(${key})::text`;
      const batch = (last?: BatchRow) =>
        fetch({
          where: and(
            condition,
            last && sql`(${key}, ${spec.id}) ${after(order)} (${last.cursor}, ${last.id})`,
          ),
          order: ordering,
          limit: batchSize,
          cursor,
        });
      let next = batch();
      for (;;) {
        const rows = await next;
        const last = rows.length === batchSize ? rows.at(-1) : undefined;
        if (last) {
          next = batch(last);
          // Seen when awaited; a caller that stops early must not leave it unhandled.
          next.catch(() => {});
        }
        if (rows.length > 0) yield rows;
        if (!last) return;
      }
    },
  };
}
