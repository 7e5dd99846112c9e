import { Col, Form, Input, Row } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import type { TextLanguage } from '../i18n/contentText.ts';
import type { ImageUploadTexts } from './ImageUploadField.tsx';

/** Form pieces for bilingual content, used by the tests and questions editors. */

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
        const rules: Rule[] = [{ max, message: t('ui.validation.max', { max }) }];
        if (required)
          rules.push(({ getFieldValue }) => ({
            validator: (_, value?: string) =>
              value?.trim() || String(getFieldValue([...fullName, other]) ?? '').trim()
                ? Promise.resolve()
                : Promise.reject(new Error(t('ui.validation.oneLanguage'))),
          }));
        return (
          <Col key={language} xs={24} md={stacked ? 24 : 12}>
            <Form.Item
              name={[...name, language]}
              // The pair's own name, for an error on both languages at once (formLabels).
              label={<span data-pair-label={label}>{t(`ui.lang.${language}`, { label })}</span>}
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

/** Texts of the image upload control in the console's language. */
export function useImageTexts(): ImageUploadTexts {
  const { t } = useTranslation();
  return {
    upload: t('ui.image.upload'),
    replace: t('ui.image.replace'),
    preview: t('ui.image.preview'),
    remove: t('ui.image.remove'),
    badType: t('ui.image.badType'),
    tooLarge: t('ui.image.tooLarge'),
    uploaded: t('ui.image.uploaded'),
  };
}
