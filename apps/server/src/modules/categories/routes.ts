import {
  type Category,
  categoryInputSchema,
  categoryListQuerySchema,
  categorySchema,
  idParamsSchema,
  pageSchema,
  type Status,
} from '@cool/shared';
import { and, asc, desc, eq, getTableColumns, ilike, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/database.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts';
import { categories, testCategories } from '../../db/schema.ts';
import { requireSession } from '../../http/access.ts';
import { containsPattern, countAll, paged } from '../../http/paging.ts';
import { conflict, notFound, ok, responses } from '../../http/reply.ts';
import type { ZodApp } from '../../http/zod-app.ts';

type CategoryRow = typeof categories.$inferSelect & { testCount: number };

/** How many tests are filed under the category, counted in SQL with the row. */
const testCountSql = sql<number>`(select count(*)::int from ${testCategories} where ${testCategories.categoryId} = ${categories.id})`;

const selectCategories = (db: Executor) =>
  db.select({ ...getTableColumns(categories), testCount: testCountSql }).from(categories);

const toCategory = (row: CategoryRow): Category => ({
  id: row.id,
  nameZh: row.nameZh,
  nameEn: row.nameEn,
  iconUrl: row.iconUrl,
  sortOrder: row.sortOrder,
  status: row.status,
  testCount: Number(row.testCount),
  createTime: row.createdAt.toISOString(),
  updateTime: row.updatedAt.toISOString(),
});

const SORT_COLUMNS = {
  sortOrder: categories.sortOrder,
  createTime: categories.createdAt,
  updateTime: categories.updatedAt,
  nameEn: sql`lower(${categories.nameEn})`,
  nameZh: categories.nameZh,
};

const DUPLICATE_NAME = 'A category with this Chinese or English name already exists';

/** Runs a write returning the category's id, then reads it back with its test count. */
async function oneOr404(db: Executor, rows: Promise<{ id: number }[]>): Promise<Category> {
  let written: { id: number } | undefined;
  try {
    [written] = await rows;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_NAME);
    throw error;
  }
  if (!written) throw notFound('Category');
  const [row] = await selectCategories(db).where(byId(written.id)).limit(1);
  if (!row) throw notFound('Category');
  return toCategory(row);
}

const IN_USE = 'This category still has tests. Move or delete them first.';

const byId = (id: number) => eq(categories.id, id);

export async function categoryRoutes(app: ZodApp) {
  app.get(
    '/api/categories',
    {
      config: { access: { permission: 'categories', action: 'query' } },
      schema: {
        tags: ['categories'],
        querystring: categoryListQuerySchema,
        response: responses(pageSchema(categorySchema)),
      },
    },
    async (request) => {
      const q = request.query;
      const where = and(
        q.name
          ? or(
              ilike(categories.nameZh, containsPattern(q.name)),
              ilike(categories.nameEn, containsPattern(q.name)),
            )
          : undefined,
        q.status ? eq(categories.status, q.status) : undefined,
      );
      const order = q.sortOrder === 'descend' ? desc : asc;
      const orderBy = q.sortField
        ? [order(SORT_COLUMNS[q.sortField]), order(categories.id)]
        : [asc(categories.sortOrder), asc(categories.id)];
      const page = await paged(
        app.db,
        q,
        async (db) => (await db.select({ n: countAll }).from(categories).where(where))[0]?.n ?? 0,
        async (db, limit, offset) =>
          (
            await selectCategories(db)
              .where(where)
              .orderBy(...orderBy)
              .limit(limit)
              .offset(offset)
          ).map(toCategory),
      );
      return ok(page);
    },
  );

  app.get(
    '/api/categories/:id',
    {
      config: { access: { permission: 'categories', action: 'get' } },
      schema: { tags: ['categories'], params: idParamsSchema, response: responses(categorySchema) },
    },
    async (request) =>
      ok(
        await oneOr404(
          app.db,
          app.db.select({ id: categories.id }).from(categories).where(byId(request.params.id)),
        ),
      ),
  );

  app.post(
    '/api/categories',
    {
      config: { access: { permission: 'categories', action: 'add' } },
      schema: { tags: ['categories'], body: categoryInputSchema, response: responses(categorySchema, 201) },
    },
    async (request, reply) => {
      const { accountId } = requireSession(request);
      const category = await oneOr404(
        app.db,
        app.db
          .insert(categories)
          .values({ ...request.body, createdBy: accountId, updatedBy: accountId })
          .returning({ id: categories.id }),
      );
      return reply.code(201).send(ok(category, 'Category created'));
    },
  );

  app.put(
    '/api/categories/:id',
    {
      config: { access: { permission: 'categories', action: 'edit' } },
      schema: {
        tags: ['categories'],
        params: idParamsSchema,
        body: categoryInputSchema,
        response: responses(categorySchema),
      },
    },
    async (request) => {
      const { accountId } = requireSession(request);
      const category = await oneOr404(
        app.db,
        app.db
          .update(categories)
          .set({ iconUrl: null, ...request.body, updatedBy: accountId, updatedAt: new Date() })
          .where(byId(request.params.id))
          .returning({ id: categories.id }),
      );
      return ok(category, 'Category updated');
    },
  );

  app.delete(
    '/api/categories/:id',
    {
      config: { access: { permission: 'categories', action: 'delete' } },
      schema: { tags: ['categories'], params: idParamsSchema, response: responses(z.null()) },
    },
    async (request) => {
      const { id } = request.params;
      await app.db.transaction(async (tx) => {
        const [row] = await selectCategories(tx).where(byId(id)).for('update', { of: categories }).limit(1);
        if (!row) throw notFound('Category');
        if (Number(row.testCount) > 0) throw conflict(IN_USE);
        try {
          await tx.delete(categories).where(byId(id));
        } catch (error) {
          // A test filed under it concurrently: the foreign key refuses the delete.
          if (isForeignKeyViolation(error)) throw conflict(IN_USE);
          throw error;
        }
      });
      return ok(null, 'Category deleted');
    },
  );

  for (const [action, status] of [
    ['enable', 'enabled'],
    ['disable', 'disabled'],
  ] as const satisfies [string, Status][]) {
    app.post(
      `/api/categories/:id/${action}`,
      {
        config: { access: { permission: 'categories', action } },
        schema: { tags: ['categories'], params: idParamsSchema, response: responses(categorySchema) },
      },
      async (request) => {
        const { accountId } = requireSession(request);
        const category = await oneOr404(
          app.db,
          app.db
            .update(categories)
            .set({ status, updatedBy: accountId, updatedAt: new Date() })
            .where(byId(request.params.id))
            .returning({ id: categories.id }),
        );
        return ok(category, status === 'enabled' ? 'Category enabled' : 'Category disabled');
      },
    );
  }
}
