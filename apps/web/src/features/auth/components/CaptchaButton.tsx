import { CODE_RESEND_SECONDS } from '@cool/shared';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/http/client.ts';

interface CaptchaButtonProps {
  /** Checks the phone field and sends the code; answers the seconds until another may be sent. */
  send: () => Promise<{ resendAfterSeconds: number }>;
  /** Told when sending failed (not a refused phone field, which the form shows itself). */
  onError: (error: unknown) => void;
}

/**
 * The "get code" button: counts down the seconds until another code may be asked for
 * (docs/spec.md section 4).
 */
export function CaptchaButton({ send, onError }: CaptchaButtonProps) {
  const { t } = useTranslation();
  const [seconds, setSeconds] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setTimeout(() => setSeconds((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);

  const onClick = async () => {
    setSending(true);
    try {
      setSeconds((await send()).resendAfterSeconds || CODE_RESEND_SECONDS);
    } catch (error) {
      // A code sent moments ago (another tab): count down what is left of its wait.
      const wait =
        error instanceof ApiError && (error.result as { params?: { seconds?: number } })?.params?.seconds;
      if (wait) setSeconds(wait);
      if (error instanceof ApiError || !(error && typeof error === 'object' && 'errorFields' in error)) {
        onError(error);
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <Button size="large" onClick={onClick} loading={sending} disabled={seconds > 0} style={{ minWidth: 112 }}>
      {seconds > 0 ? t('login.captcha.wait', { seconds }) : t('login.captcha.get')}
    </Button>
  );
}
