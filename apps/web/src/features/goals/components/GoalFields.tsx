import {
  GOAL_CLIENT_MAX,
  GOAL_CRITICS_MAX,
  GOAL_DESCRIPTION_MAX,
  GOAL_DISCLOSURES,
  GOAL_METRICS_MAX,
  GOAL_PUBLIC_USERS_MAX,
  GOAL_TITLE_MAX,
  GOAL_WEIGHT_MAX,
  type Goal,
} from '@cool/shared';
import { Col, DatePicker, Form, Input, InputNumber, Radio, Row } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import type { GoalFormValues } from '../goalForm.ts';
import { PersonSelect } from './PersonSelect.tsx';

interface GoalFieldsProps {
  /** The goal being edited, for its people's names; undefined for a new one. */
  goal?: Goal | undefined;
  /** The plan's card lays the short fields out in columns; the basic form keeps one. */
  columns?: boolean;
}

/**
 * The template's goal form fields (docs/spec.md section 3): what the basic form shows, and the plan's first
 * card.
 */
export function GoalFields({ goal, columns = false }: GoalFieldsProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<GoalFormValues>();
  const disclosure = Form.useWatch('disclosure', form);
  const short = columns ? { xs: 24, md: 12, xl: 8 } : { span: 24 };

  const required = (key: 'title' | 'client' | 'description' | 'metrics'): Rule => ({
    required: true,
    whitespace: true,
    message: t(`goals.required.${key}`),
  });
  const max = (maximum: number): Rule => ({
    max: maximum,
    message: t('goals.validation.tooLong', { max: maximum }),
  });

  return (
    <Row gutter={24}>
      <Col {...short}>
        <Form.Item
          name="title"
          label={t('goals.field.title')}
          rules={[required('title'), max(GOAL_TITLE_MAX)]}
        >
          <Input placeholder={t('goals.placeholder.title')} />
        </Form.Item>
      </Col>
      <Col {...short}>
        <Form.Item
          name="period"
          label={t('goals.field.period')}
          rules={[{ required: true, message: t('goals.required.period') }]}
        >
          <DatePicker.RangePicker
            style={{ width: '100%' }}
            placeholder={[t('goals.field.startDate'), t('goals.field.endDate')]}
          />
        </Form.Item>
      </Col>
      <Col {...short}>
        <Form.Item
          name="client"
          label={t('goals.field.client')}
          rules={[required('client'), max(GOAL_CLIENT_MAX)]}
        >
          <Input placeholder={t('goals.placeholder.client')} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item
          name="description"
          label={t('goals.field.description')}
          rules={[required('description'), max(GOAL_DESCRIPTION_MAX)]}
        >
          <Input.TextArea rows={4} placeholder={t('goals.placeholder.description')} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item
          name="metrics"
          label={t('goals.field.metrics')}
          rules={[required('metrics'), max(GOAL_METRICS_MAX)]}
        >
          <Input.TextArea rows={3} placeholder={t('goals.placeholder.metrics')} />
        </Form.Item>
      </Col>
      <Col {...short}>
        <Form.Item
          name="criticIds"
          label={t('goals.field.critics')}
          extra={t('goals.hint.critics', { max: GOAL_CRITICS_MAX })}
          rules={[
            {
              type: 'array',
              max: GOAL_CRITICS_MAX,
              message: t('goals.validation.tooManyCritics', { max: GOAL_CRITICS_MAX }),
            },
          ]}
        >
          <PersonSelect
            mode="multiple"
            allowClear
            known={goal?.critics}
            placeholder={t('goals.placeholder.critics')}
          />
        </Form.Item>
      </Col>
      <Col {...short}>
        <Form.Item name="weight" label={t('goals.field.weight')}>
          <InputNumber min={0} max={GOAL_WEIGHT_MAX} precision={0} suffix="%" style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="disclosure" label={t('goals.field.disclosure')} extra={t('goals.hint.disclosure')}>
          <Radio.Group
            options={GOAL_DISCLOSURES.map((value) => ({ value, label: t(`goals.disclosure.${value}`) }))}
          />
        </Form.Item>
      </Col>
      {disclosure === 'partial' && (
        <Col span={24}>
          <Form.Item
            name="publicUserIds"
            label={t('goals.field.publicUsers')}
            rules={[
              { type: 'array', required: true, min: 1, message: t('goals.required.publicUsers') },
              {
                type: 'array',
                max: GOAL_PUBLIC_USERS_MAX,
                message: t('goals.validation.tooManyPeople', { max: GOAL_PUBLIC_USERS_MAX }),
              },
            ]}
          >
            <PersonSelect
              mode="multiple"
              allowClear
              known={goal?.publicUsers}
              placeholder={t('goals.placeholder.publicUsers')}
            />
          </Form.Item>
        </Col>
      )}
    </Row>
  );
}
