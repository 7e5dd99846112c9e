import type { categoryListQuerySchema, Status } from '@cool/shared';
import { eq, getTableColumns, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/database.ts';
import { containsPattern, defineList, outerColumn } from '../../db/list.ts';
import { categories, testCategories } from '../../db/schema.ts';
import { isoTime } from '../../db/time.ts';

/** A stored category, as written. */
export type CategoryRecord = typeof categories.$inferSelect;
/** A category as read for a response: its times as ISO text, with how many tests are filed under it. */
export type CategoryRow = Omit<CategoryRecord, 'createdAt' | 'updatedAt'> & {
  createTime: string;
  updateTime: string;
  testCount: number;
};
export type CategoryValues = Omit<typeof categories.$inferInsert, 'id' | 'createdAt'>;

const testCountSql = sql<number>`(select count(*)::int from ${testCategories} where ${testCategories.categoryId} = ${outerColumn(categories.id)})`;

const { createdAt, updatedAt, ...stored } = getTableColumns(categories);

const selectCategories = (db: Executor, where: SQL) =>
  db
    .select({
      ...stored,
      createTime: isoTime(createdAt),
      updateTime: isoTime(updatedAt),
      testCount: testCountSql,
    })
    .from(categories)
    .where(where);

const byId = (id: number) => eq(categories.id, id);

const categoryList = defineList({
  table: categories,
  id: categories.id,
  filters: {
    name: (name: string) =>
      or(ilike(categories.nameZh, containsPattern(name)), ilike(categories.nameEn, containsPattern(name))),
    status: (status: Status) => eq(categories.status, status),
  },
  sorts: {
    sortOrder: categories.sortOrder,
    createTime: categories.createdAt,
    updateTime: categories.updatedAt,
    nameEn: sql`lower(${categories.nameEn})`,
    nameZh: categories.nameZh,
  },
  defaultSort: { field: 'sortOrder', order: 'ascend' },
});

// Read on every visit of the categories page: its statement is built once per list shape (see `pages`).
const categoryPages = categoryList.pages((db, inPage, order) =>
  selectCategories(db, inPage).orderBy(...order),
);

export const listCategories = (db: Executor, query: z.output<typeof categoryListQuerySchema>) =>
  categoryPages(db, query);

export const findCategory = async (db: Executor, id: number): Promise<CategoryRow | undefined> =>
  (await selectCategories(db, byId(id)).limit(1))[0];

/** Reads the category for a change, locking it until the transaction ends. */
export const lockCategory = async (db: Executor, id: number): Promise<CategoryRecord | undefined> =>
  (await db.select().from(categories).where(byId(id)).for('update').limit(1))[0];

export const countTestsIn = async (db: Executor, id: number): Promise<number> =>
  db.$count(testCategories, eq(testCategories.categoryId, id));

export const insertCategory = async (db: Executor, values: CategoryValues): Promise<CategoryRecord> =>
  (await db.insert(categories).values(values).returning())[0]!;

export const updateCategory = async (
  db: Executor,
  id: number,
  values: Partial<CategoryValues>,
): Promise<CategoryRecord | undefined> =>
  (
    await db
      .update(categories)
      .set({ ...values, updatedAt: new Date() })
      .where(byId(id))
      .returning()
  )[0];

export const deleteCategory = async (db: Executor, id: number): Promise<void> => {
  await db.delete(categories).where(byId(id));
};
