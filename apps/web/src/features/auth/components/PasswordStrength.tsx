import { MIN_PASSWORD_LENGTH, passwordLevel } from '@cool/shared';
import { Form, Popover } from 'antd';
import Password from 'antd/es/input/Password';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordMeter } from '../../../shared/ui/PasswordMeter.tsx';

/**
 * The new-password field with the strength meter in a popover (level and score bar,
 * docs/spec.md sections 4 and 5) and the field after it that must repeat it. The server refuses a too-short
 * or common password with its own words.
 */
export function NewPasswordFields() {
  const { t } = useTranslation();
  const [focused, setFocused] = useState(false);
  const form = Form.useFormInstance();
  const password: string = Form.useWatch('password', form) ?? '';
  const meter = (
    <div style={{ width: 240 }}>
      <PasswordMeter password={password} />
      <div>{t('login.strength.hint', { minimum: MIN_PASSWORD_LENGTH })}</div>
    </div>
  );
  return (
    <>
      <Popover
        content={meter}
        open={focused && password.length > 0}
        // Beside the field as in the template; above it where a phone leaves no room beside.
        placement={window.matchMedia('(max-width: 575px)').matches ? 'top' : 'right'}
        trigger={[]}
      >
        <Form.Item
          name="password"
          rules={[
            { required: true, message: t('login.password.required') },
            {
              validator: (_, value: string | undefined) =>
                !value || passwordLevel(value, MIN_PASSWORD_LENGTH) !== 'tooShort'
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('login.strength.notStrong'))),
            },
          ]}
        >
          <Password
            size="large"
            placeholder={t('login.register.passwordPlaceholder', { minimum: MIN_PASSWORD_LENGTH })}
            autoComplete="new-password"
            onFocus={() => setFocused(true)}
            onBlur={() => setFocused(false)}
          />
        </Form.Item>
      </Popover>
      <Form.Item
        name="confirm"
        dependencies={['password']}
        rules={[
          { required: true, message: t('login.register.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              !value || value === getFieldValue('password')
                ? Promise.resolve()
                : Promise.reject(new Error(t('login.register.mismatch'))),
          }),
        ]}
      >
        <Password
          size="large"
          placeholder={t('login.register.confirmPlaceholder')}
          autoComplete="new-password"
        />
      </Form.Item>
    </>
  );
}
