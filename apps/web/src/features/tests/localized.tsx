import { Col, Form, Input, Row } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { useSettingsStore } from '../../shared/settings/settingsStore.ts';
import type { ImageUploadTexts } from '../../shared/ui/ImageUploadField.tsx';

export { emptyText, fieldPath, trimText } from './text.ts';

/**
 * Small pieces the tests and questions features both use for bilingual content (the questions feature
 * imports this module only): the text language of the console, zh/en field pairs and the image texts.
 */

export type TextLanguage = 'zh' | 'en';

/** The content language matching the console's language. */
export function useTextLanguage(): TextLanguage {
  return useSettingsStore((s) => (s.language === 'zh-CN' ? 'zh' : 'en'));
}

type NamePath = (string | number)[];

interface LocalizedFieldsProps {
  /** Form name path of the `{zh, en}` object (relative inside a Form.List). */
  name: NamePath;
  /** Its absolute path when `name` is relative to a Form.List (for the cross-language check). */
  fullName?: NamePath;
  label: string;
  /** At least one of the two languages is needed. */
  required?: boolean;
  max: number;
  textarea?: boolean;
  /** Stacks the two inputs even on wide screens (e.g. inside a narrow list row). */
  stacked?: boolean;
}

/** A `{zh, en}` text as two inputs side by side (stacked on phones). */
export function LocalizedFields(props: LocalizedFieldsProps) {
  const { name, label, required, max, textarea, stacked } = props;
  const fullName = props.fullName ?? name;
  const { t } = useTranslation();
  const languages: TextLanguage[] = ['zh', 'en'];
  return (
    <Row gutter={12}>
      {languages.map((language) => {
        const other = language === 'zh' ? 'en' : 'zh';
        const rules: Rule[] = [{ max, message: t('tests.validation.max', { max }) }];
        if (required)
          rules.push(({ getFieldValue }) => ({
            validator: (_, value?: string) =>
              value?.trim() || String(getFieldValue([...fullName, other]) ?? '').trim()
                ? Promise.resolve()
                : Promise.reject(new Error(t('tests.validation.oneLanguage'))),
          }));
        return (
          <Col key={language} xs={24} md={stacked ? 24 : 12}>
            <Form.Item
              name={[...name, language]}
              label={t(`tests.lang.${language}`, { label })}
              rules={rules}
              dependencies={required ? [[...fullName, other]] : undefined}
              required={required}
            >
              {textarea ? <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} /> : <Input />}
            </Form.Item>
          </Col>
        );
      })}
    </Row>
  );
}

/** Texts of the shared image upload control, from these features' strings. */
export function useImageTexts(): ImageUploadTexts {
  const { t } = useTranslation();
  return {
    upload: t('tests.image.upload'),
    replace: t('tests.image.replace'),
    preview: t('tests.image.preview'),
    remove: t('tests.image.remove'),
    badType: t('tests.image.badType'),
    tooLarge: t('tests.image.tooLarge'),
    uploaded: t('tests.image.uploaded'),
  };
}
