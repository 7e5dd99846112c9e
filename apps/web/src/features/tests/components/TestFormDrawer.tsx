import {
  formatYuan,
  LONG_TEXT_MAX,
  localized,
  MAX_MINUTES,
  SUBTITLE_MAX,
  TEST_SORT_ORDER_MAX,
  type Test,
  TITLE_MAX,
} from '@cool/shared';
import { Alert, Button, Col, Drawer, Form, Grid, InputNumber, Row, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/http/errorText.ts';
import { applyFieldErrors } from '../../../shared/http/formErrors.ts';
import { useTextLanguage } from '../../../shared/i18n/contentText.ts';
import { ImageUploadField } from '../../../shared/ui/ImageUploadField.tsx';
import { LocalizedFields, useImageTexts } from '../../../shared/ui/LocalizedFields.tsx';
import { useNotices } from '../../../shared/ui/notices.ts';
import { useCategoryOptions, useSaveTest } from '../api.ts';
import {
  MAX_PRICE_YUAN,
  type TestFormValues,
  testFormField,
  toTestFormValues,
  toTestInput,
  yuanToFen,
} from '../mapping.ts';

interface TestFormDrawerProps {
  /** The test being edited; null creates a new one. */
  test: Test | null;
  onClose: () => void;
}

/** Create/edit drawer; mounted only while open so each opening starts from fresh values. */
export function TestFormDrawer({ test, onClose }: TestFormDrawerProps) {
  const { t, i18n } = useTranslation();
  const { message, modal } = useNotices();
  const [form] = Form.useForm<TestFormValues>();
  const save = useSaveTest();
  const categories = useCategoryOptions();
  const imageTexts = useImageTexts();
  const language = useTextLanguage();
  const isMobile = Grid.useBreakpoint().md === false;
  const [formError, setFormError] = useState<string | null>(null);
  const zh = i18n.language === 'zh-CN';

  /** Takers see a live test's price at once, so changing it is asked first. */
  const priceChangeAgreed = (live: Test, priceFen: number) =>
    live.status !== 'on_shelf' ||
    priceFen === live.priceFen ||
    modal.confirm({
      title: t('tests.confirm.livePrice.title'),
      content: t('tests.confirm.livePrice.content', {
        title: localized(live.title, language),
        from: formatYuan(live.priceFen, { symbol: true }),
        to: formatYuan(priceFen, { symbol: true }),
      }),
      okText: t('tests.confirm.livePrice.ok'),
      cancelText: t('tests.form.cancel'),
    });

  const onFinish = async (values: TestFormValues) => {
    setFormError(null);
    const input = toTestInput(values);
    if (test && !(await priceChangeAgreed(test, input.priceFen ?? 0))) return;
    try {
      await save.mutateAsync({ id: test?.id, input });
    } catch (error) {
      applyFieldErrors(form, error, testFormField);
      setFormError(errorText(error, t));
      return;
    }
    message.success(t(test ? 'tests.saved' : 'tests.created'));
    onClose();
  };

  const integerRule = (min: number, max: number) => ({
    type: 'integer' as const,
    min,
    max,
    message: t('tests.validation.integer', { min, max }),
  });

  return (
    <Drawer
      open
      title={t(test ? 'tests.edit' : 'tests.create')}
      size={isMobile ? '100%' : 720}
      onClose={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('tests.form.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {t('tests.form.save')}
          </Button>
        </Space>
      }
    >
      {formError && (
        <Alert type="error" showIcon title={formError} role="alert" style={{ marginBottom: 16 }} />
      )}
      <Form<TestFormValues>
        // Prefixes the fields' ids: the list's search form behind this one has fields of the same names.
        name="test"
        form={form}
        layout="vertical"
        onFinish={onFinish}
        initialValues={toTestFormValues(test)}
        scrollToFirstError
      >
        <LocalizedFields name={['title']} label={t('tests.field.title')} required max={TITLE_MAX} />
        <LocalizedFields name={['subtitle']} label={t('tests.field.subtitle')} max={SUBTITLE_MAX} />
        <Form.Item
          name="categoryIds"
          label={t('tests.field.categories')}
          rules={[{ required: true, type: 'array', min: 1, message: t('tests.validation.categories') }]}
        >
          <Select
            mode="multiple"
            loading={categories.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            options={categories.data?.data.map((c) => ({
              value: c.id,
              label: (zh ? c.nameZh : c.nameEn) || c.nameZh || c.nameEn,
            }))}
          />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={8}>
            <Form.Item
              name="priceYuan"
              label={t('tests.field.priceYuan')}
              extra={t('tests.form.freeHint')}
              rules={[
                { required: true, message: t('tests.validation.price', { max: MAX_PRICE_YUAN }) },
                {
                  validator: (_, value) => {
                    const fen = yuanToFen(value);
                    return fen !== null && fen <= MAX_PRICE_YUAN * 100
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('tests.validation.price', { max: MAX_PRICE_YUAN })));
                  },
                },
              ]}
            >
              {/* No min: a clamped "-5" would be saved as 0 unseen; the rule above refuses it instead. */}
              <InputNumber<number | string> step={1} precision={2} prefix="¥" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item
              name="minutes"
              label={t('tests.field.minutes')}
              rules={[
                { required: true, message: t('tests.validation.integer', { min: 1, max: MAX_MINUTES }) },
                integerRule(1, MAX_MINUTES),
              ]}
            >
              <InputNumber style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item
              name="sortOrder"
              label={t('tests.field.sortOrder')}
              rules={[
                {
                  required: true,
                  message: t('tests.validation.integer', { min: 0, max: TEST_SORT_ORDER_MAX }),
                },
                integerRule(0, TEST_SORT_ORDER_MAX),
              ]}
            >
              <InputNumber style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="coverUrl" label={t('tests.field.cover')} extra={t('ui.image.hint')}>
          <ImageUploadField texts={imageTexts} size={96} />
        </Form.Item>
        <LocalizedFields
          name={['introduction']}
          label={t('tests.field.introduction')}
          max={LONG_TEXT_MAX}
          textarea
        />
        <LocalizedFields
          name={['instructions']}
          label={t('tests.field.instructions')}
          max={LONG_TEXT_MAX}
          textarea
        />
      </Form>
    </Drawer>
  );
}
