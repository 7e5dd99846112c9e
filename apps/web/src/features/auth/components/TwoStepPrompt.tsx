import { Alert, Button, Flex, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface TwoStepPromptProps {
  /** The code is on its way to the server. */
  verifying: boolean;
  /** Why the last code was refused. */
  error?: string | undefined;
  onSubmit: (code: string) => void;
  onCancel: () => void;
}

/**
 * The sign-in's second step: the authenticator's 6-digit code (sent as soon as it is complete) or, for a lost
 * device, a recovery code. Loaded only when an account asks for it: Input.OTP stays out of the login page.
 */
export default function TwoStepPrompt({ verifying, error, onSubmit, onCancel }: TwoStepPromptProps) {
  const { t } = useTranslation();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  // A refused code is cleared for the next try (an accepted one closes the dialog).
  useEffect(() => {
    if (!verifying) setCode('');
  }, [verifying]);

  const switchKind = () => {
    setRecovery(!recovery);
    setCode('');
  };
  const submit = () => {
    if (code.trim()) onSubmit(code.trim());
  };

  return (
    <Modal
      open
      title={t('twoStepPrompt.title')}
      onCancel={onCancel}
      mask={{ closable: false }}
      width={400}
      footer={[
        <Button key="cancel" onClick={onCancel}>
          {t('twoStepPrompt.cancel')}
        </Button>,
        <Button key="submit" type="primary" loading={verifying} disabled={!code.trim()} onClick={submit}>
          {t('twoStepPrompt.submit')}
        </Button>,
      ]}
    >
      <Flex vertical gap={16} style={{ paddingBlock: 8 }}>
        <Typography.Text>{t(recovery ? 'twoStepPrompt.recovery' : 'twoStepPrompt.totp')}</Typography.Text>
        {recovery ? (
          <Input
            autoFocus
            size="large"
            value={code}
            placeholder={t('twoStepPrompt.recoveryPlaceholder')}
            autoComplete="off"
            aria-label={t('twoStepPrompt.recovery')}
            onChange={(event) => setCode(event.target.value)}
            onPressEnter={submit}
          />
        ) : (
          <Input.OTP
            autoFocus
            size="large"
            length={6}
            value={code}
            disabled={verifying}
            autoComplete="one-time-code"
            inputMode="numeric"
            aria-label={t('twoStepPrompt.totp')}
            formatter={(value) => value.replace(/\D/g, '')}
            onChange={(value) => {
              setCode(value);
              onSubmit(value);
            }}
          />
        )}
        {error && <Alert type="error" showIcon title={error} role="alert" />}
        <Button type="link" onClick={switchKind} style={{ alignSelf: 'flex-start', padding: 0 }}>
          {t(recovery ? 'twoStepPrompt.useTotp' : 'twoStepPrompt.useRecovery')}
        </Button>
      </Flex>
    </Modal>
  );
}
