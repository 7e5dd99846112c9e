import type { MessageTestResult } from '@cool/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Flex, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/http/errorText.ts';

export interface MessageTestProps {
  /** Saved settings are complete: a test can go out. */
  configured: boolean;
  send: (to: string) => Promise<MessageTestResult>;
  /** The recipient field's label and placeholder. */
  label: string;
  placeholder: string;
}

/** "Send a test" with the saved settings, and what happened, in words. */
export function MessageTest({ configured, send, label, placeholder }: MessageTestProps) {
  const { t } = useTranslation();
  const [to, setTo] = useState('');
  const test = useMutation({ mutationFn: send });
  return (
    <Flex vertical gap={8} align="flex-start" style={{ width: '100%' }}>
      <Typography.Text strong>{t('center.messaging.test')}</Typography.Text>
      <Space.Compact style={{ width: '100%', maxWidth: 420 }}>
        <Input
          aria-label={label}
          placeholder={placeholder}
          value={to}
          onChange={(event) => setTo(event.target.value.trim())}
          disabled={!configured}
        />
        <Button onClick={() => test.mutate(to)} loading={test.isPending} disabled={!configured || !to}>
          {t('center.messaging.send')}
        </Button>
      </Space.Compact>
      <Typography.Text type="secondary">
        {t(configured ? 'center.messaging.testUsesSaved' : 'center.messaging.testNeedsSettings')}
      </Typography.Text>
      {test.isSuccess && (
        <Alert
          role="status"
          showIcon
          type="success"
          title={t('center.messaging.testSent', { to: test.data.recipient, ms: test.data.durationMs })}
        />
      )}
      {test.isError && (
        <Alert
          role="alert"
          showIcon
          type="error"
          title={t('center.messaging.testFailed')}
          description={errorText(test.error, t)}
        />
      )}
    </Flex>
  );
}
