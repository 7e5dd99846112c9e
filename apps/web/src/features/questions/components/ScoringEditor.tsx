import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  AGGREGATES,
  ALERT_OPERATORS,
  allTypeCodes,
  BAND_COLOURS,
  DIMENSION_KEY_PATTERN,
  LABEL_MAX,
  LONG_TEXT_MAX,
  MAX_QUESTIONS_PER_TEST,
  publishProblems,
  type Question,
  ROUNDINGS,
  scoringSchema,
  type TestDetail,
  TOTAL_KEY,
} from '@cool/shared';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Flex,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd';
import type { Rule } from 'antd/es/form';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/http/errorText.ts';
import { applyFieldErrors } from '../../../shared/http/formErrors.ts';
import { LocalizedFields } from '../../../shared/ui/LocalizedFields.tsx';
import { useSaveScoring } from '../api.ts';
import {
  newAxis,
  newDimension,
  type ScoringFormValues,
  toScoringFormValues,
  toScoringInput,
} from '../mapping.ts';

interface ScoringEditorProps {
  test: TestDetail;
  questions: Question[];
  /** Read-only: on the shelf, or the role may not edit tests. */
  readOnly: boolean;
}

/** Problems found live: the form's own validation (zod) first, else the shared publish checks. */
export function liveProblems(values: Partial<ScoringFormValues>, questions: Question[]) {
  const parsed = scoringSchema.safeParse(toScoringInput(values));
  if (!parsed.success)
    return {
      invalid: true,
      problems: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    };
  return { invalid: false, problems: publishProblems({ questions, scoring: parsed.data }) };
}

export function ScoringEditor({ test, questions, readOnly }: ScoringEditorProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ScoringFormValues>();
  const save = useSaveScoring(test.id);
  const [formError, setFormError] = useState<string | null>(null);
  const initialValues = useMemo(() => toScoringFormValues(test.scoring), [test.scoring]);
  const watched = Form.useWatch([], { form, preserve: true }) as Partial<ScoringFormValues> | undefined;
  const values = watched ?? initialValues;
  const live = useMemo(() => liveProblems(values, questions), [values, questions]);
  const typologyEnabled = Boolean(values.typologyEnabled);
  const dimensionKeys = (values.dimensions ?? []).map((d) => d?.key);

  const onFinish = async (submitted: ScoringFormValues) => {
    setFormError(null);
    try {
      await save.mutateAsync(toScoringInput(submitted));
    } catch (error) {
      applyFieldErrors(form, error);
      setFormError(errorText(error, t));
      return;
    }
    message.success(t('questions.scoring.saved'));
  };

  const required = (text: string): Rule => ({ required: true, message: text });
  const keyRules: Rule[] = [
    required(t('questions.scoring.validation.key')),
    { pattern: DIMENSION_KEY_PATTERN, message: t('questions.scoring.validation.key') },
  ];
  const letterRules: Rule[] = [
    required(t('questions.scoring.validation.letter')),
    { pattern: /^[A-Za-z]$/, message: t('questions.scoring.validation.letter') },
  ];
  const numberRule = required(t('questions.scoring.validation.number'));

  const section = (title: string, children: ReactNode, extra?: ReactNode) => (
    <Card size="small" title={title} extra={extra}>
      {children}
    </Card>
  );

  const addMissingTypes = () => {
    const axes = (form.getFieldValue(['typology', 'axes']) ?? []) as ScoringFormValues['typology']['axes'];
    const types = (form.getFieldValue(['typology', 'types']) ?? []) as ScoringFormValues['typology']['types'];
    const letters = axes.map(
      (a) => [a?.left?.letter?.toUpperCase() ?? '', a?.right?.letter?.toUpperCase() ?? ''] as const,
    );
    if (letters.some(([l, r]) => !l || !r)) return;
    const have = new Set(types.map((ty) => ty?.code));
    const missing = allTypeCodes(letters).filter((code) => !have.has(code));
    form.setFieldValue(
      ['typology', 'types'],
      [
        ...types,
        ...missing.map((code) => ({ code, name: { zh: '', en: '' }, description: { zh: '', en: '' } })),
      ],
    );
  };

  return (
    <Flex vertical gap={16}>
      {live.problems.length === 0 ? (
        <Alert type="success" showIcon title={t('questions.scoring.ready')} />
      ) : (
        <Alert
          type="warning"
          showIcon
          role="status"
          title={t(live.invalid ? 'questions.scoring.invalid' : 'questions.scoring.problems', {
            count: live.problems.length,
          })}
          description={
            <ul aria-label={t('questions.scoring.problemList')} style={{ margin: 0, paddingInlineStart: 20 }}>
              {live.problems.slice(0, 30).map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          }
        />
      )}
      {formError && <Alert type="error" showIcon title={formError} role="alert" />}
      <Form<ScoringFormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={onFinish}
        disabled={readOnly}
        scrollToFirstError
      >
        <Flex vertical gap={16}>
          <Form.List name="dimensions">
            {(fields, { add, remove }) =>
              section(
                t('questions.scoring.dimensions'),
                <Flex vertical gap={12}>
                  {fields.length === 0 && (
                    <Typography.Text type="secondary">{t('questions.scoring.noDimensions')}</Typography.Text>
                  )}
                  {fields.map((field, index) => (
                    <Card
                      key={field.key}
                      size="small"
                      type="inner"
                      role="group"
                      aria-label={t('questions.scoring.dimensionN', { n: index + 1 })}
                      title={`${t('questions.scoring.dimensionN', { n: index + 1 })}${dimensionKeys[index] ? ` · ${dimensionKeys[index]}` : ''}`}
                      extra={
                        <Button
                          type="text"
                          danger
                          size="small"
                          icon={<DeleteOutlined />}
                          aria-label={t('questions.scoring.removeDimension', { n: index + 1 })}
                          onClick={() => remove(index)}
                        />
                      }
                    >
                      <Row gutter={12}>
                        <Col xs={12} sm={6}>
                          <Form.Item
                            name={[field.name, 'key']}
                            label={t('questions.scoring.key')}
                            rules={keyRules}
                            tooltip={t('questions.scoring.keyHint')}
                          >
                            <Input />
                          </Form.Item>
                        </Col>
                        <Col xs={12} sm={5}>
                          <Form.Item
                            name={[field.name, 'aggregate']}
                            label={t('questions.scoring.aggregate')}
                          >
                            <Select
                              options={AGGREGATES.map((v) => ({
                                value: v,
                                label: t(`questions.scoring.aggregates.${v}`),
                              }))}
                            />
                          </Form.Item>
                        </Col>
                        <Col xs={8} sm={4}>
                          <Form.Item
                            name={[field.name, 'multiplier']}
                            label={t('questions.scoring.multiplier')}
                            rules={[numberRule]}
                          >
                            <InputNumber min={0.001} max={1000} style={{ width: '100%' }} />
                          </Form.Item>
                        </Col>
                        <Col xs={12} sm={5}>
                          <Form.Item name={[field.name, 'rounding']} label={t('questions.scoring.rounding')}>
                            <Select
                              options={ROUNDINGS.map((v) => ({
                                value: v,
                                label: t(`questions.scoring.roundings.${v}`),
                              }))}
                            />
                          </Form.Item>
                        </Col>
                        <Col xs={12} sm={4}>
                          <Form.Item name={[field.name, 'decimals']} label={t('questions.scoring.decimals')}>
                            <InputNumber min={0} max={2} precision={0} style={{ width: '100%' }} />
                          </Form.Item>
                        </Col>
                      </Row>
                      <LocalizedFields
                        name={[field.name, 'name']}
                        fullName={['dimensions', field.name, 'name']}
                        label={t('questions.scoring.name')}
                        required
                        max={LABEL_MAX}
                      />
                      <Form.List name={[field.name, 'bands']}>
                        {(bands, bandOps) => (
                          <Flex vertical gap={8}>
                            <Typography.Text strong>{t('questions.scoring.bands')}</Typography.Text>
                            {bands.map((band, b) => (
                              <Card
                                key={band.key}
                                size="small"
                                role="group"
                                aria-label={t('questions.scoring.bandN', { n: b + 1 })}
                                styles={{ body: { paddingBottom: 0 } }}
                              >
                                <Row gutter={12} align="bottom">
                                  <Col xs={12} sm={4}>
                                    <Form.Item
                                      name={[band.name, 'min']}
                                      label={t('questions.scoring.min')}
                                      rules={[numberRule]}
                                    >
                                      <InputNumber style={{ width: '100%' }} />
                                    </Form.Item>
                                  </Col>
                                  <Col xs={12} sm={4}>
                                    <Form.Item
                                      name={[band.name, 'max']}
                                      label={t('questions.scoring.max')}
                                      rules={[numberRule]}
                                    >
                                      <InputNumber style={{ width: '100%' }} />
                                    </Form.Item>
                                  </Col>
                                  <Col xs={12} sm={6}>
                                    <Form.Item
                                      name={[band.name, 'level']}
                                      label={t('questions.scoring.level')}
                                      rules={[
                                        required(t('questions.scoring.validation.level')),
                                        {
                                          pattern: /^[a-z0-9_-]{1,32}$/,
                                          message: t('questions.scoring.validation.level'),
                                        },
                                      ]}
                                    >
                                      <Input />
                                    </Form.Item>
                                  </Col>
                                  <Col xs={9} sm={7}>
                                    <Form.Item
                                      name={[band.name, 'colour']}
                                      label={t('questions.scoring.colour')}
                                    >
                                      <Select
                                        options={BAND_COLOURS.map((v) => ({
                                          value: v,
                                          label: t(`questions.scoring.colours.${v}`),
                                        }))}
                                      />
                                    </Form.Item>
                                  </Col>
                                  <Col xs={3} sm={3}>
                                    <Form.Item>
                                      <Button
                                        type="text"
                                        danger
                                        icon={<DeleteOutlined />}
                                        aria-label={t('questions.scoring.removeBand', { n: b + 1 })}
                                        onClick={() => bandOps.remove(b)}
                                      />
                                    </Form.Item>
                                  </Col>
                                </Row>
                                <LocalizedFields
                                  name={[band.name, 'label']}
                                  fullName={['dimensions', field.name, 'bands', band.name, 'label']}
                                  label={t('questions.scoring.label')}
                                  required
                                  max={LABEL_MAX}
                                />
                                <LocalizedFields
                                  name={[band.name, 'interpretation']}
                                  label={t('questions.scoring.interpretation')}
                                  max={LONG_TEXT_MAX}
                                  textarea
                                />
                              </Card>
                            ))}
                            <Button
                              type="dashed"
                              icon={<PlusOutlined />}
                              onClick={() =>
                                bandOps.add({
                                  min: undefined,
                                  max: undefined,
                                  level: '',
                                  label: { zh: '', en: '' },
                                  colour: 'normal',
                                  interpretation: { zh: '', en: '' },
                                })
                              }
                            >
                              {t('questions.scoring.addBand')}
                            </Button>
                          </Flex>
                        )}
                      </Form.List>
                    </Card>
                  ))}
                  <Space wrap>
                    {!dimensionKeys.includes(TOTAL_KEY) && (
                      <Button icon={<PlusOutlined />} onClick={() => add(newDimension(TOTAL_KEY), 0)}>
                        {t('questions.scoring.addTotal')}
                      </Button>
                    )}
                    <Button type="dashed" icon={<PlusOutlined />} onClick={() => add(newDimension(''))}>
                      {t('questions.scoring.addDimension')}
                    </Button>
                  </Space>
                </Flex>,
              )
            }
          </Form.List>

          {section(
            t('questions.scoring.typology'),
            typologyEnabled ? (
              <Flex vertical gap={12}>
                <Typography.Text type="secondary">{t('questions.scoring.tieRule')}</Typography.Text>
                <Form.List name={['typology', 'axes']}>
                  {(axes, axisOps) => (
                    <Flex vertical gap={8}>
                      {axes.map((axis, a) => (
                        <Card
                          key={axis.key}
                          size="small"
                          type="inner"
                          role="group"
                          aria-label={t('questions.scoring.axisN', { n: a + 1 })}
                          title={t('questions.scoring.axisN', { n: a + 1 })}
                          extra={
                            <Button
                              type="text"
                              danger
                              size="small"
                              icon={<DeleteOutlined />}
                              disabled={readOnly || axes.length <= 1}
                              aria-label={t('questions.scoring.removeAxis', { n: a + 1 })}
                              onClick={() => axisOps.remove(a)}
                            />
                          }
                        >
                          <Row gutter={12}>
                            <Col xs={12} sm={6}>
                              <Form.Item
                                name={[axis.name, 'key']}
                                label={t('questions.scoring.key')}
                                rules={keyRules}
                              >
                                <Input />
                              </Form.Item>
                            </Col>
                            <Col xs={6} sm={4}>
                              <Form.Item
                                name={[axis.name, 'left', 'letter']}
                                label={t('questions.scoring.leftLetter')}
                                rules={letterRules}
                              >
                                <Input maxLength={1} />
                              </Form.Item>
                            </Col>
                            <Col xs={6} sm={4}>
                              <Form.Item
                                name={[axis.name, 'right', 'letter']}
                                label={t('questions.scoring.rightLetter')}
                                rules={letterRules}
                              >
                                <Input maxLength={1} />
                              </Form.Item>
                            </Col>
                            <Col xs={24} sm={10}>
                              <Form.Item
                                name={[axis.name, 'tieWinner']}
                                label={t('questions.scoring.tieWinner')}
                              >
                                <Select
                                  options={[
                                    { value: 'left', label: t('questions.scoring.left') },
                                    { value: 'right', label: t('questions.scoring.right') },
                                  ]}
                                />
                              </Form.Item>
                            </Col>
                          </Row>
                          <LocalizedFields
                            name={[axis.name, 'name']}
                            label={t('questions.scoring.axisName')}
                            max={LABEL_MAX}
                          />
                          <LocalizedFields
                            name={[axis.name, 'left', 'name']}
                            fullName={['typology', 'axes', axis.name, 'left', 'name']}
                            label={t('questions.scoring.leftName')}
                            required
                            max={LABEL_MAX}
                          />
                          <LocalizedFields
                            name={[axis.name, 'right', 'name']}
                            fullName={['typology', 'axes', axis.name, 'right', 'name']}
                            label={t('questions.scoring.rightName')}
                            required
                            max={LABEL_MAX}
                          />
                        </Card>
                      ))}
                      <Button
                        type="dashed"
                        icon={<PlusOutlined />}
                        disabled={axes.length >= 8}
                        onClick={() => axisOps.add(newAxis())}
                      >
                        {t('questions.scoring.addAxis')}
                      </Button>
                    </Flex>
                  )}
                </Form.List>
                <Form.List name={['typology', 'types']}>
                  {(types, typeOps) => (
                    <Flex vertical gap={8}>
                      <Flex justify="space-between" align="center" wrap gap={8}>
                        <Typography.Text strong>{t('questions.scoring.types')}</Typography.Text>
                        <Button onClick={addMissingTypes}>{t('questions.scoring.addMissingTypes')}</Button>
                      </Flex>
                      {types.map((type, i) => (
                        <Card
                          key={type.key}
                          size="small"
                          role="group"
                          aria-label={t('questions.scoring.typeN', { n: i + 1 })}
                          styles={{ body: { paddingBottom: 0 } }}
                        >
                          <Row gutter={12} align="bottom">
                            <Col xs={20} sm={8}>
                              <Form.Item
                                name={[type.name, 'code']}
                                label={t('questions.scoring.code')}
                                rules={[
                                  {
                                    required: true,
                                    pattern: /^[A-Za-z]{1,8}$/,
                                    message: t('questions.scoring.validation.code'),
                                  },
                                ]}
                              >
                                <Input />
                              </Form.Item>
                            </Col>
                            <Col xs={4} sm={16} style={{ textAlign: 'end' }}>
                              <Form.Item>
                                <Button
                                  type="text"
                                  danger
                                  icon={<DeleteOutlined />}
                                  aria-label={t('questions.scoring.removeType', { n: i + 1 })}
                                  onClick={() => typeOps.remove(i)}
                                />
                              </Form.Item>
                            </Col>
                          </Row>
                          <LocalizedFields
                            name={[type.name, 'name']}
                            label={t('questions.scoring.typeName')}
                            max={LABEL_MAX}
                          />
                          <LocalizedFields
                            name={[type.name, 'description']}
                            fullName={['typology', 'types', type.name, 'description']}
                            label={t('questions.scoring.description')}
                            required
                            max={LONG_TEXT_MAX}
                            textarea
                          />
                        </Card>
                      ))}
                    </Flex>
                  )}
                </Form.List>
              </Flex>
            ) : (
              <Typography.Text type="secondary">{t('questions.scoring.noTypology')}</Typography.Text>
            ),
            <Space>
              <label htmlFor="typology-enabled">{t('questions.scoring.typologyEnabled')}</label>
              <Form.Item name="typologyEnabled" valuePropName="checked" noStyle>
                <Switch id="typology-enabled" />
              </Form.Item>
            </Space>,
          )}

          <Form.List name="alerts">
            {(alerts, alertOps) =>
              section(
                t('questions.scoring.alerts'),
                <Flex vertical gap={8}>
                  <Typography.Text type="secondary">{t('questions.scoring.alertHint')}</Typography.Text>
                  {alerts.map((alert, i) => (
                    <Card
                      key={alert.key}
                      size="small"
                      role="group"
                      aria-label={t('questions.scoring.alertN', { n: i + 1 })}
                      styles={{ body: { paddingBottom: 0 } }}
                    >
                      <Row gutter={12} align="bottom">
                        <Col xs={12} sm={5}>
                          <Form.Item
                            name={[alert.name, 'question']}
                            label={t('questions.scoring.question')}
                            rules={[numberRule]}
                          >
                            <InputNumber
                              min={1}
                              max={MAX_QUESTIONS_PER_TEST}
                              precision={0}
                              style={{ width: '100%' }}
                            />
                          </Form.Item>
                        </Col>
                        <Col xs={12} sm={5}>
                          <Form.Item name={[alert.name, 'operator']} label={t('questions.scoring.operator')}>
                            <Select
                              options={ALERT_OPERATORS.map((v) => ({
                                value: v,
                                label: t(`questions.scoring.operators.${v}`),
                              }))}
                            />
                          </Form.Item>
                        </Col>
                        <Col xs={10} sm={5}>
                          <Form.Item
                            name={[alert.name, 'score']}
                            label={t('questions.scoring.score')}
                            rules={[numberRule]}
                          >
                            <InputNumber min={-1000} max={1000} style={{ width: '100%' }} />
                          </Form.Item>
                        </Col>
                        <Col xs={10} sm={6}>
                          <Form.Item name={[alert.name, 'severity']} label={t('questions.scoring.severity')}>
                            <Select
                              options={BAND_COLOURS.map((v) => ({
                                value: v,
                                label: t(`questions.scoring.colours.${v}`),
                              }))}
                            />
                          </Form.Item>
                        </Col>
                        <Col xs={4} sm={3}>
                          <Form.Item>
                            <Button
                              type="text"
                              danger
                              icon={<DeleteOutlined />}
                              aria-label={t('questions.scoring.removeAlert', { n: i + 1 })}
                              onClick={() => alertOps.remove(i)}
                            />
                          </Form.Item>
                        </Col>
                      </Row>
                      <LocalizedFields
                        name={[alert.name, 'message']}
                        fullName={['alerts', alert.name, 'message']}
                        label={t('questions.scoring.message')}
                        required
                        max={LONG_TEXT_MAX}
                        textarea
                      />
                    </Card>
                  ))}
                  <Button
                    type="dashed"
                    icon={<PlusOutlined />}
                    onClick={() =>
                      alertOps.add({
                        question: 1,
                        operator: 'gt',
                        score: 0,
                        severity: 'severe',
                        message: { zh: '', en: '' },
                      })
                    }
                  >
                    {t('questions.scoring.addAlert')}
                  </Button>
                </Flex>,
              )
            }
          </Form.List>
          {!readOnly && (
            <Flex gap={8} justify="flex-end" wrap>
              <Button onClick={() => form.resetFields()}>{t('questions.scoring.reset')}</Button>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {t('questions.scoring.save')}
              </Button>
            </Flex>
          )}
        </Flex>
      </Form>
    </Flex>
  );
}
