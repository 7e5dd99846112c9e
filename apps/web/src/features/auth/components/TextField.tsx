import { Form, type FormItemProps, type InputProps } from 'antd';
// The input part alone: antd's Input also carries TextArea, Search and OTP (10 KiB gzip).
import Input from 'antd/es/input/Input';
import type { ReactNode } from 'react';

interface TextFieldProps extends Pick<InputProps, 'placeholder' | 'autoComplete' | 'inputMode'> {
  name: string;
  icon: ReactNode;
  /** Said when the field is empty or blank. */
  required: string;
  /** Checks after the required one. */
  rules?: FormItemProps['rules'];
  style?: FormItemProps['style'];
}

/** A required one-line field of the sign-in pages: large, with its icon in front. */
export function TextField({ name, icon, required, rules = [], style, ...input }: TextFieldProps) {
  return (
    <Form.Item
      name={name}
      style={style}
      rules={[{ required: true, whitespace: true, message: required }, ...rules]}
    >
      <Input size="large" prefix={icon} {...input} />
    </Form.Item>
  );
}
