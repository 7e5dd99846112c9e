import { type Grants, type Role, type RoleCreate, STATUSES, type Status } from '@cool/shared';
import { Alert, Form, Input, Radio, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createRole, updateRole } from '../../../shared/api/roles.ts';
import { errorText } from '../../../shared/http/errorText.ts';
import { applyFieldErrors } from '../../../shared/http/formErrors.ts';
import { useDialogHandlers } from '../../../shared/ui/dialog.tsx';
import { useNotices } from '../../../shared/ui/notices.ts';
import { useRoleAction } from '../api.ts';
import { PermissionMatrix } from './PermissionMatrix.tsx';

interface RoleFormValues {
  id: string;
  name: string;
  describe?: string;
  status: Status;
  requireTwoStep: boolean;
  grants: Grants;
}

const toGrants = (role: Role): Grants =>
  Object.fromEntries(role.permissions.map((entry) => [entry.permissionId, entry.actionList]));

/** The id a copy of `source` starts with: a valid slug the admin may change. */
const copyId = (source: Role) => `${source.id.slice(0, 27)}-copy`;

/**
 * Dialog content: creates a role (empty, or starting as a copy of `copyOf`: its grants and settings under a
 * "Copy of" name), edits a custom one, or shows a built-in one read-only.
 */
export function RoleForm({ role = null, copyOf }: { role?: Role | null; copyOf?: Role }) {
  const { t } = useTranslation();
  const { message } = useNotices();
  const [form] = Form.useForm<RoleFormValues>();
  const create = useRoleAction(createRole);
  const update = useRoleAction(updateRole);
  const [formError, setFormError] = useState<string | null>(null);
  const readOnly = role?.builtIn ?? false;

  const save = async (): Promise<boolean> => {
    if (readOnly) return true;
    let values: RoleFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return false;
    }
    setFormError(null);
    const input: Omit<RoleCreate, 'id'> = {
      name: values.name.trim(),
      describe: values.describe?.trim() ?? '',
      status: values.status,
      requireTwoStep: values.requireTwoStep,
      permissions: Object.entries(values.grants).map(([permissionId, actionList]) => ({
        permissionId: permissionId as keyof Grants,
        actionList: actionList ?? [],
      })),
    };
    try {
      if (role) await update.mutateAsync({ id: role.id, input });
      else await create.mutateAsync({ ...input, id: values.id.trim() });
    } catch (error) {
      if (!applyFieldErrors(form, error)) setFormError(errorText(error, t));
      return false;
    }
    message.success(t(role ? 'roles.saved' : 'roles.created'));
    return true;
  };
  useDialogHandlers({ onOk: save });

  return (
    <>
      {readOnly && <Alert type="info" showIcon title={t('roles.builtInHelp')} style={{ marginBottom: 16 }} />}
      {formError && (
        <Alert type="error" showIcon title={formError} role="alert" style={{ marginBottom: 16 }} />
      )}
      <Form<RoleFormValues>
        name="role"
        form={form}
        layout="vertical"
        disabled={readOnly}
        initialValues={
          role
            ? { ...role, grants: toGrants(role) }
            : copyOf
              ? {
                  id: copyId(copyOf),
                  name: t('roles.copyName', { name: copyOf.name }).slice(0, 64),
                  describe: copyOf.describe,
                  status: 'enabled' satisfies Status,
                  requireTwoStep: copyOf.requireTwoStep,
                  grants: toGrants(copyOf),
                }
              : { status: 'enabled' satisfies Status, requireTwoStep: false, grants: {} }
        }
      >
        <Form.Item
          name="id"
          label={t('roles.field.id')}
          extra={role ? undefined : t('roles.idHelp')}
          rules={[{ required: true, pattern: /^[a-z][a-z0-9-]{1,31}$/, message: t('roles.validation.id') }]}
        >
          <Input disabled={role !== null} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('roles.field.name')}
          rules={[{ required: true, whitespace: true, max: 64, message: t('roles.validation.name') }]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="describe" label={t('roles.field.describe')} rules={[{ max: 256 }]}>
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />
        </Form.Item>
        <Form.Item name="status" label={t('roles.field.status')}>
          <Radio.Group
            options={STATUSES.map((status) => ({ value: status, label: t(`roles.status.${status}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="requireTwoStep"
          label={t('roles.field.requireTwoStep')}
          extra={t('roles.requireTwoStepHelp')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
        <Form.Item name="grants" label={t('roles.field.permissions')}>
          <PermissionMatrix disabled={readOnly} />
        </Form.Item>
      </Form>
    </>
  );
}
