import { Form } from 'antd';
import { type Ref, useImperativeHandle } from 'react';
import { applyFieldErrors } from '../../../shared/http/formErrors.ts';
import { MobileCodeFields } from './MobileCodeFields.tsx';
import { OutboxNotice } from './OutboxNotice.tsx';

export interface MobileSignInValues {
  mobile: string;
  captcha: string;
}

/** What the login page asks of its mobile tab when Login is pressed there. */
export interface MobileSignIn {
  /** The checked phone number and code; rejects (showing why under the fields) when one is missing or wrong. */
  values: () => Promise<MobileSignInValues>;
  /** Puts a refused sign-in's field errors under the fields; answers whether there were any. */
  showFieldErrors: (error: unknown) => boolean;
}

interface MobileSignInFieldsProps {
  handle: Ref<MobileSignIn>;
  /** Kept by the page, so the typed number and code outlive a switch to the other tab and back. */
  kept: Partial<MobileSignInValues>;
  onError: (error: unknown) => void;
}

/**
 * The login page's mobile tab: where codes go while SMS is not set up, then the phone number and its code. Its
 * fields are antd's Form, which downloads with this tab: the first tab's two fields do without it, as it is the
 * console's first download.
 */
export default function MobileSignInFields({ handle, kept, onError }: MobileSignInFieldsProps) {
  const [form] = Form.useForm<MobileSignInValues>();
  useImperativeHandle(
    handle,
    () => ({
      values: () => form.validateFields(),
      showFieldErrors: (error) => applyFieldErrors(form, error),
    }),
    [form],
  );
  return (
    // No form element of its own: the page's form holds it, with Remember me and the Login button.
    <Form
      form={form}
      component={false}
      size="large"
      initialValues={kept}
      onValuesChange={(_, values) => Object.assign(kept, values)}
    >
      <OutboxNotice channels={['sms']} />
      <MobileCodeFields purpose="signIn" onError={onError} />
    </Form>
  );
}
