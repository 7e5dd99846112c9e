import { MIN_PASSWORD_LENGTH, type Profile, passwordLevel } from '@cool/shared';
import { Button, Form, Input, Modal, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemList, type ItemListRow } from '../../../shared/ui/ItemList.tsx';
import { useNotices } from '../../../shared/ui/notices.ts';
import { PasswordMeter } from '../../../shared/ui/PasswordMeter.tsx';
import { sendBackupEmailCode, sendPhoneCode, useChangeContact, useChangePassword } from '../api.ts';
import { TwoStepSetup } from './TwoStepSetup.tsx';
import { useFormRequest } from './useFormRequest.ts';

function PasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useNotices();
  const savePassword = useChangePassword();
  const [form] = Form.useForm();
  const [saving, request] = useFormRequest(form);
  const password: string = Form.useWatch('password', form) ?? '';

  const submit = (values: { currentPassword: string; password: string }) =>
    request(async () => {
      await savePassword({ currentPassword: values.currentPassword, password: values.password });
      message.success(t('account.settings.security.passwordChanged'));
      form.resetFields();
      onClose();
    });

  return (
    <Modal
      open={open}
      title={t('account.settings.security.passwordModal')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="password" onFinish={submit} preserve={false}>
        <Form.Item
          name="currentPassword"
          label={t('account.settings.security.currentPassword')}
          rules={[{ required: true, message: t('account.settings.security.currentRequired') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('account.settings.security.newPassword')}
          extra={t('account.settings.security.strengthHint', { minimum: MIN_PASSWORD_LENGTH })}
          rules={[
            { required: true, message: t('account.settings.security.newRequired') },
            {
              validator: (_, value: string | undefined) =>
                !value || passwordLevel(value, MIN_PASSWORD_LENGTH) !== 'tooShort'
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('account.settings.security.notStrong'))),
            },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        {password && (
          <div style={{ marginTop: -8, marginBottom: 16 }}>
            <PasswordMeter password={password} />
          </div>
        )}
        <Form.Item
          name="confirm"
          label={t('account.settings.security.confirmPassword')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('account.settings.security.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('account.settings.security.mismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Seconds before another code may be asked for (docs/spec.md section 4: the captcha button counts down). */
function useCountdown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft];
}

interface CodeModalProps {
  open: boolean;
  onClose: () => void;
  kind: 'phone' | 'email';
}

/** A new security phone or backup email, confirmed by the code sent to it. */
function CodeModal({ open, onClose, kind }: CodeModalProps) {
  const { t } = useTranslation();
  const { message } = useNotices();
  const changeContact = useChangeContact();
  const [form] = Form.useForm();
  const [saving, save] = useFormRequest(form);
  const [sending, send] = useFormRequest(form);
  const [left, startCountdown] = useCountdown();
  const field = kind === 'phone' ? 'mobile' : 'email';

  const sendCode = async () => {
    let target: string;
    try {
      target = (await form.validateFields([field]))[field];
    } catch {
      return;
    }
    await send(async () => {
      const sent = kind === 'phone' ? await sendPhoneCode(target) : await sendBackupEmailCode(target);
      startCountdown(sent.resendAfterSeconds);
      message.success(t('account.settings.security.codeSent'));
    });
  };

  const submit = (values: { mobile?: string; email?: string; captcha: string }) =>
    save(async () => {
      await changeContact(
        kind === 'phone'
          ? { kind, mobile: values.mobile ?? '', captcha: values.captcha }
          : { kind, email: values.email ?? '', captcha: values.captcha },
      );
      message.success(t(`account.settings.security.${kind === 'phone' ? 'phoneChanged' : 'emailChanged'}`));
      onClose();
    });

  return (
    <Modal
      open={open}
      title={t(`account.settings.security.${kind === 'phone' ? 'phoneModal' : 'emailModal'}`)}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name={`${kind}Code`} onFinish={submit} preserve={false}>
        {kind === 'phone' ? (
          <Form.Item
            name="mobile"
            label={t('account.settings.security.mobile')}
            rules={[
              { required: true, message: t('account.settings.security.mobileRequired') },
              { pattern: /^\+?[\d\s()-]{6,20}$/, message: t('account.settings.security.mobileInvalid') },
            ]}
          >
            <Input inputMode="tel" autoComplete="tel" maxLength={32} />
          </Form.Item>
        ) : (
          <Form.Item
            name="email"
            label={t('account.settings.security.email')}
            rules={[
              { required: true, message: t('account.settings.basic.emailRequired') },
              { type: 'email', message: t('account.settings.basic.emailInvalid') },
            ]}
          >
            <Input autoComplete="email" maxLength={254} />
          </Form.Item>
        )}
        <Form.Item label={t('account.settings.security.captcha')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item
              name="captcha"
              noStyle
              rules={[{ required: true, message: t('account.settings.security.captchaRequired') }]}
            >
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
            </Form.Item>
            <Button onClick={sendCode} loading={sending} disabled={left > 0} style={{ minWidth: 110 }}>
              {left > 0
                ? t('account.settings.security.resend', { seconds: left })
                : t('account.settings.security.getCaptcha')}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Template security list: each item with its state (and the password's level) and how to change it. */
export function SecuritySettings({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'password' | 'phone' | 'email' | null>(null);
  const close = () => setDialog(null);
  const { security } = profile;
  const levelText = security.passwordLevel
    ? t('account.settings.security.passwordLevel', {
        level: t(`ui.password.level.${security.passwordLevel}`),
      })
    : t('account.settings.security.passwordUnknown');
  const modify = (which: 'password' | 'phone' | 'email', set = false) => (
    <Button type="link" onClick={() => setDialog(which)}>
      {t(`account.settings.security.${set ? 'set' : 'modify'}`)}
    </Button>
  );
  const rows: ItemListRow[] = [
    {
      key: 'password',
      title: t('account.settings.security.password'),
      description: levelText,
      actions: modify('password'),
    },
    {
      key: 'phone',
      title: t('account.settings.security.phone'),
      description: profile.phone
        ? t('account.settings.security.phoneBound', { phone: profile.phone })
        : t('account.settings.security.phoneNone'),
      actions: modify('phone', !profile.phone),
    },
    {
      key: 'question',
      title: t('account.settings.security.question'),
      description: t('account.settings.security.questionText'),
    },
    {
      key: 'email',
      title: t('account.settings.security.backupEmail'),
      description: profile.backupEmail
        ? t('account.settings.security.backupEmailBound', { email: profile.backupEmail })
        : t('account.settings.security.backupEmailNone'),
      actions: modify('email', !profile.backupEmail),
    },
  ];
  return (
    <>
      <ItemList label={t('account.settings.menu.security')} rows={rows} />
      <TwoStepSetup />
      <PasswordModal open={dialog === 'password'} onClose={close} />
      <CodeModal open={dialog === 'phone'} onClose={close} kind="phone" />
      <CodeModal open={dialog === 'email'} onClose={close} kind="email" />
    </>
  );
}
