import { type Account, type AccountCreate, MIN_PASSWORD_LENGTH } from '@cool/shared';
import { Alert, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { approveAccount, createAccount, updateAccount } from '../../../shared/api/accounts.ts';
import { errorCodeOf } from '../../../shared/http/client.ts';
import { errorText } from '../../../shared/http/errorText.ts';
import { applyFieldErrors } from '../../../shared/http/formErrors.ts';
import { useDialogHandlers } from '../../../shared/ui/dialog.tsx';
import { useNotices } from '../../../shared/ui/notices.ts';
import { useAccountAction, useRolePicker } from '../api.ts';

type AccountFormValues = Required<Pick<AccountCreate, 'username' | 'name' | 'roleId'>> & {
  email?: string;
  phone?: string;
  password?: string;
};

/** Trims and turns empty optional text into null (clears it). */
const optional = (value: string | undefined) => value?.trim() || null;

/** Dialog content: creates an account (typed password, or an invitation when left empty) or edits one. */
export function AccountForm({ account }: { account: Account | null }) {
  const { t } = useTranslation();
  const { message } = useNotices();
  const [form] = Form.useForm<AccountFormValues>();
  const roles = useRolePicker();
  const create = useAccountAction(createAccount);
  const update = useAccountAction(updateAccount);
  const [formError, setFormError] = useState<string | null>(null);

  const save = async (): Promise<boolean> => {
    let values: AccountFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return false;
    }
    setFormError(null);
    const fields = {
      name: values.name.trim(),
      email: optional(values.email),
      phone: optional(values.phone),
      roleId: values.roleId,
    };
    try {
      if (account) {
        await update.mutateAsync({ id: account.id, input: fields });
        message.success(t('staff.saved'));
      } else {
        const password = values.password || undefined;
        const created = await create.mutateAsync({ ...fields, username: values.username.trim(), password });
        message.success(t(created.status === 'pending' ? 'staff.invited' : 'staff.created'));
      }
    } catch (error) {
      // The account is created; only its invitation mail failed: saving again would only say it exists.
      if (errorCodeOf(error) === 'account.mailNotSent') {
        message.warning(errorText(error, t));
        return true;
      }
      if (!applyFieldErrors(form, error)) setFormError(errorText(error, t));
      return false;
    }
    return true;
  };
  useDialogHandlers({ onOk: save });

  return (
    <>
      {formError && (
        <Alert type="error" showIcon title={formError} role="alert" style={{ marginBottom: 16 }} />
      )}
      <Form<AccountFormValues>
        name="account"
        form={form}
        layout="vertical"
        autoComplete="off"
        initialValues={
          account
            ? {
                username: account.username,
                name: account.name,
                email: account.email ?? undefined,
                phone: account.phone ?? undefined,
                roleId: account.roleId ?? undefined,
              }
            : {}
        }
      >
        <Form.Item
          name="username"
          label={t('staff.field.username')}
          rules={[
            { required: true, pattern: /^[a-zA-Z0-9_.-]{3,32}$/, message: t('staff.validation.username') },
          ]}
        >
          <Input disabled={account !== null} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('staff.field.name')}
          rules={[{ required: true, whitespace: true, max: 64, message: t('staff.validation.name') }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('staff.field.email')}
          rules={[{ type: 'email', message: t('staff.validation.email') }]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="phone" label={t('staff.field.phone')} rules={[{ max: 32 }]}>
          <Input />
        </Form.Item>
        <Form.Item
          name="roleId"
          label={t('staff.field.role')}
          rules={[{ required: true, message: t('staff.validation.role') }]}
        >
          <Select loading={roles.loading} options={roles.options} />
        </Form.Item>
        {!account && (
          <Form.Item
            name="password"
            label={t('staff.field.password')}
            extra={t('staff.passwordHelp')}
            rules={[
              {
                min: MIN_PASSWORD_LENGTH,
                message: t('staff.validation.password', { min: MIN_PASSWORD_LENGTH }),
              },
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
      </Form>
    </>
  );
}

/** Dialog content: approves a pending sign-up with the role chosen here. */
export function ApproveForm({ account }: { account: Account }) {
  const { t } = useTranslation();
  const { message } = useNotices();
  const [form] = Form.useForm<{ roleId: string }>();
  const roles = useRolePicker();
  const approve = useAccountAction(approveAccount);
  const [formError, setFormError] = useState<string | null>(null);

  useDialogHandlers({
    onOk: async () => {
      let values: { roleId: string };
      try {
        values = await form.validateFields();
      } catch {
        return false;
      }
      try {
        await approve.mutateAsync({ id: account.id, roleId: values.roleId });
      } catch (error) {
        if (!applyFieldErrors(form, error)) setFormError(errorText(error, t));
        return false;
      }
      message.success(t('staff.done.approve'));
      return true;
    },
  });

  return (
    <>
      {formError && (
        <Alert type="error" showIcon title={formError} role="alert" style={{ marginBottom: 16 }} />
      )}
      <Form form={form} name="approve" layout="vertical">
        <Form.Item
          name="roleId"
          label={t('staff.field.role')}
          extra={t('staff.approveHelp')}
          rules={[{ required: true, message: t('staff.validation.role') }]}
        >
          <Select loading={roles.loading} options={roles.options} />
        </Form.Item>
      </Form>
    </>
  );
}
