import {
  CATEGORY_NAME_MAX,
  type Category,
  type CategoryInput,
  SORT_ORDER_MAX,
  STATUSES,
  type Status,
} from '@cool/shared';
import { Alert, App, Form, Input, InputNumber, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/http/client.ts';
import { errorText } from '../../../shared/http/errorText.ts';
import { applyFieldErrors } from '../../../shared/http/formErrors.ts';
import { useSaveCategory } from '../api.ts';

/** Mirrors the shared zod rule for `iconUrl`: an http(s) URL or a path starting with /. */
const ICON_URL_PATTERN = /^(https?:\/\/|\/)\S+$/;
const ICON_URL_MAX = 1024;

interface CategoryFormValues {
  nameZh: string;
  nameEn: string;
  iconUrl?: string;
  sortOrder: number;
  status: Status;
}

interface CategoryFormModalProps {
  /** The category being edited; null creates a new one. */
  category: Category | null;
  onClose: () => void;
}

/** Create/edit dialog; mounted only while open so each opening starts from fresh values. */
export function CategoryFormModal({ category, onClose }: CategoryFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<CategoryFormValues>();
  const save = useSaveCategory();
  const [formError, setFormError] = useState<string | null>(null);

  const nameRules = [
    { required: true, whitespace: true, message: t('categories.validation.nameRequired') },
    { max: CATEGORY_NAME_MAX, message: t('categories.validation.nameMax', { max: CATEGORY_NAME_MAX }) },
  ];

  const onFinish = async (values: CategoryFormValues) => {
    setFormError(null);
    const input: CategoryInput = {
      nameZh: values.nameZh.trim(),
      nameEn: values.nameEn.trim(),
      iconUrl: values.iconUrl?.trim() || null,
      sortOrder: values.sortOrder,
      status: values.status,
    };
    try {
      await save.mutateAsync({ id: category?.id, input });
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.length > 0) {
        applyFieldErrors(form, error.fieldErrors);
      } else {
        // e.g. 409 duplicate name: the server's own message.
        setFormError(errorText(error, t));
      }
      return;
    }
    message.success(t(category ? 'categories.saved' : 'categories.created'));
    onClose();
  };

  return (
    <Modal
      open
      title={t(category ? 'categories.edit' : 'categories.create')}
      okText={t('categories.form.save')}
      cancelText={t('categories.form.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      mask={{ closable: false }}
    >
      {formError && (
        <Alert type="error" showIcon title={formError} role="alert" style={{ marginBottom: 16 }} />
      )}
      <Form<CategoryFormValues>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        initialValues={
          category
            ? { ...category, iconUrl: category.iconUrl ?? undefined }
            : { sortOrder: 0, status: 'enabled' satisfies Status }
        }
      >
        <Form.Item name="nameZh" label={t('categories.field.nameZh')} rules={nameRules}>
          <Input />
        </Form.Item>
        <Form.Item name="nameEn" label={t('categories.field.nameEn')} rules={nameRules}>
          <Input />
        </Form.Item>
        <Form.Item
          name="iconUrl"
          label={t('categories.field.iconUrl')}
          rules={[
            { pattern: ICON_URL_PATTERN, message: t('categories.validation.iconUrl') },
            { max: ICON_URL_MAX, message: t('categories.validation.iconUrlMax', { max: ICON_URL_MAX }) },
          ]}
        >
          <Input placeholder="https://… /…" />
        </Form.Item>
        <Form.Item
          name="sortOrder"
          label={t('categories.field.sortOrder')}
          rules={[
            { required: true, message: t('categories.validation.sortOrder', { max: SORT_ORDER_MAX }) },
            {
              type: 'integer',
              min: 0,
              max: SORT_ORDER_MAX,
              message: t('categories.validation.sortOrder', { max: SORT_ORDER_MAX }),
            },
          ]}
        >
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="status" label={t('categories.field.status')} rules={[{ required: true }]}>
          <Radio.Group
            options={STATUSES.map((status) => ({ value: status, label: t(`categories.status.${status}`) }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
