import {
  type Category,
  type categoryInputSchema,
  type categoryListQuerySchema,
  grantsAllow,
  type Page,
  type Status,
} from '@cool/shared';
import type { z } from 'zod';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts';
import { type ServiceContext, withTx } from '../../db/tx.ts';
import type { Session } from '../../http/access.ts';
import { conflict, httpError, notFound } from '../../http/reply.ts';
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

const STATUS_ACTION = { enabled: 'enable', disabled: 'disable' } as const satisfies Record<Status, string>;

/**
 * The audit action that sets `status`, if the session's role may take it: a status change has its own
 * permissions, which saving the form must not get round.
 */
function statusAction(session: Session, status: Status) {
  const action = STATUS_ACTION[status];
  if (!grantsAllow(session.grants, 'categories', action))
    throw httpError(403, 'auth.permissionDenied', { permission: `categories.${action}` });
  return action;
}

export const createCategory = (ctx: ServiceContext, session: Session, input: CategoryInput) => {
  if (input.status === 'disabled') statusAction(session, input.status);
  return withTx(ctx, async ({ tx, actor, audit }) => {
    const { accountId } = actor;
    const created = await uniqueName(
      repo.insertCategory(tx, { ...input, createdBy: accountId, updatedBy: accountId }),
    );
    await audit({ entityType: 'category', entityId: created.id, action: 'create', after: created });
    return toCategory((await repo.findCategory(tx, created.id))!);
  });
};

/** Changes a category's fields or status; `actionFor` names the change in the audit log. */
const changeCategory = (
  ctx: ServiceContext,
  id: number,
  values: Partial<CategoryInput>,
  actionFor: (before: repo.CategoryRecord) => 'update' | 'enable' | 'disable',
) =>
  withTx(ctx, async ({ tx, actor, audit }) => {
    const before = await repo.lockCategory(tx, id);
    if (!before) throw notFound('category.notFound');
    const action = actionFor(before);
    const after = await uniqueName(repo.updateCategory(tx, id, { ...values, updatedBy: actor.accountId }));
    await audit({ entityType: 'category', entityId: id, action, before, after });
    return toCategory((await repo.findCategory(tx, id))!);
  });

/**
 * A full replacement of the fields: an icon left out of the input is removed, a status left out stays. A save
 * that changes the status is logged as that enable or disable.
 */
export const updateCategory = (ctx: ServiceContext, session: Session, id: number, input: CategoryInput) =>
  changeCategory(ctx, id, { iconUrl: null, ...input }, (before) =>
    input.status === undefined || input.status === before.status
      ? 'update'
      : statusAction(session, input.status),
  );

export const setCategoryStatus = (ctx: ServiceContext, id: number, status: Status) =>
  changeCategory(ctx, id, { status }, () => STATUS_ACTION[status]);

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
