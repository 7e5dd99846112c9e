import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  DownOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import {
  isReverseScored,
  MAX_OPTIONS_PER_QUESTION,
  OPTION_TEXT_MAX,
  QUESTION_TYPES,
  type Question,
  reverseScores,
  type Scoring,
  STEM_MAX,
  TOTAL_KEY,
} from '@cool/shared';
import {
  Alert,
  Button,
  Card,
  Col,
  Drawer,
  Dropdown,
  Flex,
  Form,
  Grid,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/http/errorText.ts';
import { applyFieldErrors } from '../../../shared/http/formErrors.ts';
import { type TextLanguage, useTextLanguage } from '../../../shared/i18n/contentText.ts';
import { ImageUploadField } from '../../../shared/ui/ImageUploadField.tsx';
import { LocalizedFields, useImageTexts } from '../../../shared/ui/LocalizedFields.tsx';
import { useNotices } from '../../../shared/ui/notices.ts';
import { useSaveQuestion } from '../api.ts';
import {
  newOption,
  type OptionFormValues,
  type QuestionFormValues,
  toQuestionFormValues,
  toQuestionInput,
} from '../mapping.ts';
import { ANSWER_SCALES, type OptionSource, optionsFrom } from '../presets.ts';

interface QuestionFormDrawerProps {
  testId: number;
  /** The question being edited; null creates a new one. */
  question: Question | null;
  scoring: Scoring;
  /** The question before this one, whose options it may copy; null for the first. */
  previous: Question | null;
  /** The languages the test is written in: a preset scale's texts go in these. */
  languages: TextLanguage[];
  onClose: () => void;
}

export function QuestionFormDrawer({
  testId,
  question,
  scoring,
  previous,
  languages,
  onClose,
}: QuestionFormDrawerProps) {
  const { t } = useTranslation();
  const { message, modal } = useNotices();
  const language = useTextLanguage();
  const imageTexts = useImageTexts();
  const [form] = Form.useForm<QuestionFormValues>();
  const save = useSaveQuestion(testId);
  const isMobile = Grid.useBreakpoint().md === false;
  const [formError, setFormError] = useState<string | null>(null);
  const type = Form.useWatch('type', form) ?? question?.type ?? 'single';
  const options = (Form.useWatch('options', form) ?? []) as OptionFormValues[];

  const dimensionOptions = scoring.dimensions
    .filter((d) => d.key !== TOTAL_KEY)
    .map((d) => ({ value: d.key, label: `${d.name[language] || d.name.zh || d.name.en} (${d.key})` }));
  const poleOptions =
    scoring.typology?.axes.flatMap((axis) =>
      [axis.left, axis.right].map((pole) => ({
        value: pole.letter,
        label: `${pole.letter} · ${pole.name[language] || pole.name.zh || pole.name.en}`,
      })),
    ) ?? [];
  const reversible = options.length >= 2 && options.every((o) => typeof o?.score === 'number');
  const reversed = reversible && isReverseScored(options);

  /** Replaces the options (and type) with a scale's or the previous question's; asks once if any were written. */
  const fillOptions = (source: OptionSource) => {
    const apply = () => {
      const filled = optionsFrom(source, languages);
      form.setFieldsValue({ type: filled.type, options: filled.options });
    };
    const current = (form.getFieldValue('options') ?? []) as OptionFormValues[];
    const written = current.filter((o) => o?.text?.zh?.trim() || o?.text?.en?.trim() || o?.imageUrl);
    if (written.length === 0) return apply();
    modal.confirm({
      title: t('questions.scale.confirmTitle'),
      content: t('questions.scale.confirmContent', { count: written.length }),
      okText: t('questions.scale.confirmOk'),
      cancelText: t('questions.form.cancel'),
      onOk: apply,
    });
  };

  const onFinish = async (values: QuestionFormValues) => {
    setFormError(null);
    try {
      await save.mutateAsync({ id: question?.id, input: toQuestionInput(values) });
    } catch (error) {
      applyFieldErrors(form, error);
      setFormError(errorText(error, t));
      return;
    }
    message.success(t(question ? 'questions.saved' : 'questions.created'));
    onClose();
  };

  return (
    <Drawer
      open
      title={question ? t('questions.editN', { n: question.position }) : t('questions.create')}
      size={isMobile ? '100%' : 800}
      onClose={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('questions.form.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {t('questions.form.save')}
          </Button>
        </Space>
      }
    >
      {formError && (
        <Alert type="error" showIcon title={formError} role="alert" style={{ marginBottom: 16 }} />
      )}
      <Form<QuestionFormValues>
        // Prefixes the fields' ids: the list's search form behind this one has fields of the same names.
        name="question"
        form={form}
        layout="vertical"
        initialValues={toQuestionFormValues(question)}
        onFinish={onFinish}
        scrollToFirstError
      >
        <LocalizedFields name={['stem']} label={t('questions.field.stem')} required max={STEM_MAX} textarea />
        <Row gutter={12}>
          <Col xs={12} sm={8}>
            <Form.Item name="type" label={t('questions.field.type')} rules={[{ required: true }]}>
              <Select options={QUESTION_TYPES.map((v) => ({ value: v, label: t(`questions.type.${v}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item name="required" label={t('questions.field.required')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="imageUrl" label={t('questions.field.image')} extra={t('ui.image.hint')}>
          <ImageUploadField texts={imageTexts} />
        </Form.Item>

        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('questions.options.title')}
          </Typography.Title>
          <Flex gap={12} wrap align="center">
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  ...ANSWER_SCALES.map((scale) => ({ key: scale, label: t(`questions.scale.${scale}`) })),
                  { type: 'divider' as const },
                  {
                    key: 'previous',
                    disabled: previous === null,
                    label: previous
                      ? t('questions.scale.previous', { n: previous.position })
                      : t('questions.scale.noPrevious'),
                  },
                ],
                onClick: ({ key }) =>
                  fillOptions(
                    key === 'previous' && previous
                      ? { previous }
                      : { scale: key as (typeof ANSWER_SCALES)[number] },
                  ),
              }}
            >
              <Button size="small">
                {t('questions.scale.button')} <DownOutlined />
              </Button>
            </Dropdown>
            {type === 'likert' && (
              <Space>
                <Switch
                  id="reverse-scored"
                  checked={reversed}
                  disabled={!reversible}
                  onChange={() => form.setFieldValue('options', reverseScores(options))}
                />
                <label htmlFor="reverse-scored">{t('questions.options.reverse')}</label>
              </Space>
            )}
          </Flex>
        </Flex>
        <Form.List
          name="options"
          rules={[
            {
              validator: async (_, value?: unknown[]) => {
                if (!value || value.length < 2) throw new Error(t('questions.validation.twoOptions'));
              },
            },
          ]}
        >
          {(fields, { add, remove, move }, { errors }) => (
            <Flex vertical gap={12}>
              {fields.map((field, index) => (
                <Card
                  key={field.key}
                  size="small"
                  role="group"
                  aria-label={t('questions.options.optionN', { n: index + 1 })}
                  title={t('questions.options.optionN', { n: index + 1 })}
                  extra={
                    <Space size={0}>
                      <Button
                        type="text"
                        size="small"
                        icon={<ArrowUpOutlined />}
                        disabled={index === 0}
                        aria-label={t('questions.options.up')}
                        onClick={() => move(index, index - 1)}
                      />
                      <Button
                        type="text"
                        size="small"
                        icon={<ArrowDownOutlined />}
                        disabled={index === fields.length - 1}
                        aria-label={t('questions.options.down')}
                        onClick={() => move(index, index + 1)}
                      />
                      <Button
                        type="text"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('questions.options.remove', { n: index + 1 })}
                        onClick={() => remove(index)}
                      />
                    </Space>
                  }
                >
                  <Row gutter={12}>
                    <Col xs={8} sm={4}>
                      <Form.Item
                        name={[field.name, 'label']}
                        label={t('questions.options.label')}
                        rules={[{ max: 8, message: t('ui.validation.max', { max: 8 }) }]}
                      >
                        <Input />
                      </Form.Item>
                    </Col>
                    <Col xs={16} sm={6}>
                      <Form.Item name={[field.name, 'score']} label={t('questions.options.score')}>
                        <InputNumber min={-1000} max={1000} style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} sm={poleOptions.length > 0 ? 8 : 14}>
                      <Form.Item name={[field.name, 'dimensions']} label={t('questions.options.dimensions')}>
                        <Select
                          mode="multiple"
                          allowClear
                          options={dimensionOptions}
                          placeholder={t('questions.options.totalOnly')}
                          notFoundContent={t('questions.options.noDimensions')}
                        />
                      </Form.Item>
                    </Col>
                    {poleOptions.length > 0 && (
                      <Col xs={24} sm={6}>
                        <Form.Item name={[field.name, 'pole']} label={t('questions.options.pole')}>
                          <Select allowClear options={poleOptions} />
                        </Form.Item>
                      </Col>
                    )}
                  </Row>
                  <LocalizedFields
                    name={[field.name, 'text']}
                    fullName={['options', field.name, 'text']}
                    label={t('questions.options.text')}
                    required
                    max={OPTION_TEXT_MAX}
                  />
                  <Form.Item
                    name={[field.name, 'imageUrl']}
                    label={t('questions.options.image')}
                    style={{ marginBottom: 0 }}
                  >
                    <ImageUploadField texts={imageTexts} size={48} />
                  </Form.Item>
                </Card>
              ))}
              <Form.ErrorList errors={errors} />
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={fields.length >= MAX_OPTIONS_PER_QUESTION}
                onClick={() => add(newOption(fields.length, type))}
              >
                {t('questions.options.add')}
              </Button>
            </Flex>
          )}
        </Form.List>
      </Form>
    </Drawer>
  );
}
