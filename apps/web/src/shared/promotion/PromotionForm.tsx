/** The promotion link's editor: the settings drawer and the settings screen (`/center`) both show it. */
import { PROMOTION_TEXT_MAX, type Promotion } from '@cool/shared';
import { Button, Form, type FormRule, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../http/errorText.ts';
import { useNotices } from '../ui/notices.ts';
import { useSavePromotion } from './promotionApi.ts';

/** Mirrors the shared zod rule for the promotion URL: empty, an http(s) URL or a path starting with /. */
const URL_PATTERN = /^(https?:\/\/\S+|\/\S*)?$/;
const URL_MAX = 1024;

/** Edits the bottom-left promotion link (settings/edit only); mounted with the current value. */
export function PromotionForm({ promotion }: { promotion: Promotion }) {
  const { t } = useTranslation();
  const { message } = useNotices();
  const [form] = Form.useForm<Promotion>();
  const save = useSavePromotion();
  const enabled = Form.useWatch('enabled', form) ?? promotion.enabled;

  // Switching the link on (`dependencies`) re-checks the fields it makes required.
  const textRules: FormRule[] = [
    ({ getFieldValue }) => ({
      // A shown link needs its text in at least one language (the other falls back to it).
      validator: () =>
        !getFieldValue('enabled') ||
        getFieldValue(['text', 'zh'])?.trim() ||
        getFieldValue(['text', 'en'])?.trim()
          ? Promise.resolve()
          : Promise.reject(new Error(t('layout.promotion.validation.textRequired'))),
    }),
  ];

  const onFinish = async (values: Promotion) => {
    try {
      await save.mutateAsync({
        enabled: values.enabled,
        text: { zh: values.text.zh.trim(), en: values.text.en.trim() },
        url: values.url.trim(),
      });
    } catch (error) {
      message.error(errorText(error, t));
      return;
    }
    message.success(t('layout.promotion.saved'));
  };

  return (
    <Form form={form} layout="vertical" size="small" initialValues={promotion} onFinish={onFinish}>
      <Form.Item name="enabled" label={t('layout.promotion.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item
        name={['text', 'zh']}
        label={t('layout.promotion.textZh')}
        rules={textRules}
        dependencies={['enabled', ['text', 'en']]}
      >
        <Input showCount maxLength={PROMOTION_TEXT_MAX} />
      </Form.Item>
      <Form.Item
        name={['text', 'en']}
        label={t('layout.promotion.textEn')}
        rules={textRules}
        dependencies={['enabled', ['text', 'zh']]}
      >
        <Input showCount maxLength={PROMOTION_TEXT_MAX} />
      </Form.Item>
      <Form.Item
        name="url"
        label={t('layout.promotion.url')}
        dependencies={['enabled']}
        rules={[
          { required: enabled, whitespace: true, message: t('layout.promotion.validation.urlRequired') },
          { pattern: URL_PATTERN, message: t('layout.promotion.validation.url') },
        ]}
      >
        <Input maxLength={URL_MAX} placeholder={t('layout.promotion.urlPlaceholder')} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('layout.promotion.save')}
      </Button>
    </Form>
  );
}
