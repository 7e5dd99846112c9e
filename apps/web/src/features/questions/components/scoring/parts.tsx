import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { DIMENSION_KEY_PATTERN } from '@cool/shared';
import { Button, Card, Col, Form, Input, InputNumber, type InputNumberProps, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The small pieces every list of the scoring editor (dimensions, bands, axes, types, alerts) is made of. */

type NamePath = (string | number)[];

/** A titled block of the editor: dimensions, typology, alerts. */
export function Section(props: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <Card size="small" title={props.title} extra={props.extra}>
      {props.children}
    </Card>
  );
}

export function RemoveButton(props: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  small?: boolean;
}) {
  return (
    <Button
      type="text"
      danger
      size={props.small ? 'small' : undefined}
      icon={<DeleteOutlined />}
      disabled={props.disabled}
      aria-label={props.label}
      onClick={props.onClick}
    />
  );
}

export function AddButton(props: { onClick: () => void; disabled?: boolean; children: ReactNode }) {
  return (
    <Button type="dashed" icon={<PlusOutlined />} disabled={props.disabled} onClick={props.onClick}>
      {props.children}
    </Button>
  );
}

/** A large entry (dimension, axis): a group with a numbered title and its remove button in the header. */
export function EntryCard(props: {
  label: string;
  title?: string;
  removeLabel: string;
  onRemove: () => void;
  removeDisabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Card
      size="small"
      type="inner"
      role="group"
      aria-label={props.label}
      title={props.title ?? props.label}
      extra={
        <RemoveButton
          small
          label={props.removeLabel}
          disabled={props.removeDisabled}
          onClick={props.onRemove}
        />
      }
    >
      {props.children}
    </Card>
  );
}

/** A small entry (band, type, alert): a group whose first row of fields ends with its remove button. */
export function RowCard(props: { label: string; children: ReactNode }) {
  return (
    <Card size="small" role="group" aria-label={props.label} styles={{ body: { paddingBottom: 0 } }}>
      {props.children}
    </Card>
  );
}

/** A cell of a row of fields: its width on phones and from `sm` up, out of 24. */
type Span = { span: [xs: number, sm: number] };

function Cell(props: Span & { style?: CSSProperties; children: ReactNode }) {
  return (
    <Col xs={props.span[0]} sm={props.span[1]} style={props.style}>
      {props.children}
    </Col>
  );
}

type FieldProps = Span & { name: NamePath; label: string; rules?: Rule[] };

/** The remove button as the last cell of a small entry's first row. */
export function RemoveCell(props: Span & { label: string; onRemove: () => void; alignEnd?: boolean }) {
  return (
    <Cell span={props.span} style={props.alignEnd ? { textAlign: 'end' } : undefined}>
      <Form.Item>
        <RemoveButton label={props.label} onClick={props.onRemove} />
      </Form.Item>
    </Cell>
  );
}

export function TextField(props: FieldProps & { tooltip?: string; maxLength?: number }) {
  return (
    <Cell span={props.span}>
      <Form.Item name={props.name} label={props.label} rules={props.rules} tooltip={props.tooltip}>
        <Input maxLength={props.maxLength} />
      </Form.Item>
    </Cell>
  );
}

/** A number field as wide as its cell. */
export function NumberField(props: FieldProps & Pick<InputNumberProps, 'min' | 'max' | 'precision'>) {
  const { span, name, label, rules, ...input } = props;
  return (
    <Cell span={span}>
      <Form.Item name={name} label={label} rules={rules}>
        <InputNumber {...input} style={{ width: '100%' }} />
      </Form.Item>
    </Cell>
  );
}

/** A field choosing one of a fixed list of values, each shown by its text; empty until chosen. */
export function ChoiceField<V extends string>(
  props: FieldProps & { values: readonly V[]; text: (value: V) => string },
) {
  const { t } = useTranslation();
  return (
    <Cell span={props.span}>
      <Form.Item name={props.name} label={props.label} rules={props.rules}>
        <Select
          placeholder={t('questions.scoring.choose')}
          options={props.values.map((value) => ({ value, label: props.text(value) }))}
        />
      </Form.Item>
    </Cell>
  );
}

/** Validation rules the editor's fields share, with their messages. */
export function useScoringRules() {
  const { t } = useTranslation();
  const required = (message: string): Rule => ({ required: true, message });
  const patterned = (pattern: RegExp, message: string): Rule[] => [required(message), { pattern, message }];
  return {
    key: patterned(DIMENSION_KEY_PATTERN, t('questions.scoring.validation.key')),
    letter: patterned(/^[A-Za-z]$/, t('questions.scoring.validation.letter')),
    level: patterned(/^[a-z0-9_-]{1,32}$/, t('questions.scoring.validation.level')),
    code: [{ required: true, pattern: /^[A-Za-z]{1,8}$/, message: t('questions.scoring.validation.code') }],
    number: [required(t('questions.scoring.validation.number'))],
    colour: [required(t('questions.scoring.validation.colour'))],
  };
}
