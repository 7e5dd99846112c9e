import type { Category, categoryInputSchema, categoryListQuerySchema, Page, Status } from '@cool/shared';
import type { z } from 'zod';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts';
import { type ServiceContext, withTx } from '../../db/tx.ts';
import { conflict, notFound } from '../../http/reply.ts';
import * as repo from './repository.ts';

const toCategory = (row: repo.CategoryRow): Category => ({
  id: row.id,
  nameZh: row.nameZh,
  nameEn: row.nameEn,
  iconUrl: row.iconUrl,
  sortOrder: row.sortOrder,
  status: row.status,
  testCount: Number(row.testCount),
  createTime: row.createTime,
  updateTime: row.updateTime,
});

/** A unique name index refusing the write means another category already has the name. */
async function uniqueName<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('category.duplicateName');
    throw error;
  }
}

export async function listCategories(
  ctx: ServiceContext,
  query: z.output<typeof categoryListQuerySchema>,
): Promise<Page<Category>> {
  const page = await repo.listCategories(ctx.db, query);
  return { ...page, data: page.data.map(toCategory) };
}

export async function getCategory(ctx: ServiceContext, id: number): Promise<Category> {
  const row = await repo.findCategory(ctx.db, id);
  if (!row) throw notFound('category.notFound');
  return toCategory(row);
}

type CategoryInput = z.output<typeof categoryInputSchema>;

export const createCategory = (ctx: ServiceContext, input: CategoryInput) =>
  withTx(ctx, async ({ tx, actor, audit }) => {
    const { accountId } = actor;
    const created = await uniqueName(
      repo.insertCategory(tx, { ...input, createdBy: accountId, updatedBy: accountId }),
    );
    await audit({ entityType: 'category', entityId: created.id, action: 'create', after: created });
    return toCategory((await repo.findCategory(tx, created.id))!);
  });

/** Changes a category's fields or status; `action` names the change in the audit log. */
const changeCategory = (
  ctx: ServiceContext,
  id: number,
  values: Partial<CategoryInput>,
  action: 'update' | 'enable' | 'disable',
) =>
  withTx(ctx, async ({ tx, actor, audit }) => {
    const before = await repo.lockCategory(tx, id);
    if (!before) throw notFound('category.notFound');
    const after = await uniqueName(repo.updateCategory(tx, id, { ...values, updatedBy: actor.accountId }));
    await audit({ entityType: 'category', entityId: id, action, before, after });
    return toCategory((await repo.findCategory(tx, id))!);
  });

/** A full replacement: an icon left out of the input is removed. */
export const updateCategory = (ctx: ServiceContext, id: number, input: CategoryInput) =>
  changeCategory(ctx, id, { iconUrl: null, ...input }, 'update');

export const setCategoryStatus = (ctx: ServiceContext, id: number, status: Status) =>
  changeCategory(ctx, id, { status }, status === 'enabled' ? 'enable' : 'disable');

/** Refused while tests are filed under the category. */
export const deleteCategory = (ctx: ServiceContext, id: number) =>
  withTx(ctx, async ({ tx, audit }) => {
    const before = await repo.lockCategory(tx, id);
    if (!before) throw notFound('category.notFound');
    if ((await repo.countTestsIn(tx, id)) > 0) throw conflict('category.inUse');
    try {
      await repo.deleteCategory(tx, id);
    } catch (error) {
      // A test filed under it concurrently: the foreign key refuses the delete.
      if (isForeignKeyViolation(error)) throw conflict('category.inUse');
      throw error;
    }
    await audit({ entityType: 'category', entityId: id, action: 'delete', before });
  });
