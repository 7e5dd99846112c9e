import {
  CATEGORY_NAME_MAX,
  type Category,
  type CategoryInput,
  SORT_ORDER_MAX,
  STATUSES,
  type Status,
} from '@cool/shared';
import { Alert, Form, Input, InputNumber, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/http/errorText.ts';
import { applyFieldErrors } from '../../../shared/http/formErrors.ts';
import { usePermission } from '../../../shared/permissions/usePermission.ts';
import { useDialogHandlers } from '../../../shared/ui/dialog.tsx';
import { ImageUploadField } from '../../../shared/ui/ImageUploadField.tsx';
import { useImageTexts } from '../../../shared/ui/LocalizedFields.tsx';
import { useNotices } from '../../../shared/ui/notices.ts';
import { useSaveCategory } from '../api.ts';

interface CategoryFormValues {
  nameZh: string;
  nameEn: string;
  /** Uploaded like a test's cover: the upload's URL, or null for none. */
  iconUrl: string | null;
  sortOrder: number;
  status: Status;
}

/**
 * The create/edit form, opened as dialog content: Save closes the dialog only once the category is saved.
 * `category` null creates a new one.
 */
export function CategoryForm({ category }: { category: Category | null }) {
  const { t } = useTranslation();
  const { message } = useNotices();
  const [form] = Form.useForm<CategoryFormValues>();
  const saveCategory = useSaveCategory();
  const imageTexts = useImageTexts();
  const [formError, setFormError] = useState<string | null>(null);
  const allowed = usePermission();
  // As the list's switch: leaving the status it has (enabled, for a new one) takes enable or disable.
  const mayChangeStatus = allowed('categories', category?.status === 'disabled' ? 'enable' : 'disable');

  const nameRules = [
    { required: true, whitespace: true, message: t('categories.validation.nameRequired') },
    { max: CATEGORY_NAME_MAX, message: t('categories.validation.nameMax', { max: CATEGORY_NAME_MAX }) },
  ];

  const save = async (): Promise<boolean> => {
    let values: CategoryFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return false; // The fields show what is wrong.
    }
    setFormError(null);
    const input: CategoryInput = {
      nameZh: values.nameZh.trim(),
      nameEn: values.nameEn.trim(),
      iconUrl: values.iconUrl ?? null,
      sortOrder: values.sortOrder,
      // Left out, the server keeps the status (or enables a new category).
      status: mayChangeStatus ? values.status : undefined,
    };
    try {
      await saveCategory.mutateAsync({ id: category?.id, input });
    } catch (error) {
      // Else e.g. 409 duplicate name: the server's own message.
      if (!applyFieldErrors(form, error)) setFormError(errorText(error, t));
      return false;
    }
    message.success(t(category ? 'categories.saved' : 'categories.created'));
    return true;
  };
  useDialogHandlers({ onOk: save });

  return (
    <>
      {formError && (
        <Alert type="error" showIcon title={formError} role="alert" style={{ marginBottom: 16 }} />
      )}
      <Form<CategoryFormValues>
        // Prefixes the fields' ids: the list's search form behind this one has fields of the same names.
        name="category"
        form={form}
        layout="vertical"
        initialValues={
          category ? category : { iconUrl: null, sortOrder: 0, status: 'enabled' satisfies Status }
        }
      >
        <Form.Item name="nameZh" label={t('categories.field.nameZh')} rules={nameRules}>
          <Input />
        </Form.Item>
        <Form.Item name="nameEn" label={t('categories.field.nameEn')} rules={nameRules}>
          <Input />
        </Form.Item>
        <Form.Item name="iconUrl" label={t('categories.field.icon')} extra={t('ui.image.hint')}>
          <ImageUploadField texts={imageTexts} />
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
        {mayChangeStatus && (
          <Form.Item name="status" label={t('categories.field.status')} rules={[{ required: true }]}>
            <Radio.Group
              options={STATUSES.map((status) => ({ value: status, label: t(`categories.status.${status}`) }))}
            />
          </Form.Item>
        )}
      </Form>
    </>
  );
}
