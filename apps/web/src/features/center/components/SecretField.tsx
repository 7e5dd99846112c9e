import type { KeyState } from '@cool/shared';
import { Button, Flex, Input, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface SecretFieldProps {
  /** What the server says of the saved secret: set or not, and the fingerprint of a random key. */
  state: Pick<KeyState, 'set'> & Partial<Pick<KeyState, 'fingerprint'>>;
  /** Form-controlled: the new secret, or undefined to keep the saved one. */
  value?: string;
  onChange?: (value: string | undefined) => void;
  /** A PEM key (a textarea) rather than a one-line secret. */
  pem?: boolean;
  disabled?: boolean;
  id?: string;
  placeholder?: string;
  /**
   * Set when what the secret belongs to (host and username, key id, app id) differs from the saved settings:
   * saving drops the saved secret, so the field asks for it again with this text.
   */
  reenter?: string;
}

/**
 * A write-only secret: a saved one shows as "set" (with a key's fingerprint) and a Replace button, never its value;
 * the input appears only to type a new one (left empty, the saved one is kept).
 */
export function SecretField({
  state,
  value,
  onChange,
  pem,
  disabled,
  id,
  placeholder,
  reenter,
}: SecretFieldProps) {
  const { t } = useTranslation();
  const [replacing, setReplacing] = useState(false);
  if (state.set && !replacing && !reenter) {
    return (
      <Flex gap={8} align="center" wrap>
        <Tag color="success">{t('center.secret.set')}</Tag>
        {state.fingerprint && (
          <Typography.Text type="secondary">
            {t('center.secret.fingerprint')} <Typography.Text code>{state.fingerprint}</Typography.Text>
          </Typography.Text>
        )}
        {!disabled && (
          // Named by its own text, not the field's label that points at it.
          <Button
            size="small"
            id={id}
            aria-label={t('center.secret.replace')}
            onClick={() => setReplacing(true)}
          >
            {t('center.secret.replace')}
          </Button>
        )}
      </Flex>
    );
  }
  const change = (text: string) => onChange?.(text === '' ? undefined : text);
  const input = pem ? (
    <Input.TextArea
      id={id}
      value={value ?? ''}
      onChange={(event) => change(event.target.value)}
      autoSize={{ minRows: 4, maxRows: 10 }}
      placeholder={placeholder ?? '-----BEGIN …-----'}
      disabled={disabled}
      spellCheck={false}
      autoComplete="off"
      style={{ fontFamily: 'monospace', fontSize: 12 }}
    />
  ) : (
    <Input.Password
      id={id}
      value={value ?? ''}
      onChange={(event) => change(event.target.value)}
      placeholder={placeholder}
      disabled={disabled}
      autoComplete="new-password"
    />
  );
  return (
    <Flex vertical gap={4}>
      {!state.set && (
        <Typography.Text type="secondary">
          <Tag>{t('center.secret.notSet')}</Tag>
        </Typography.Text>
      )}
      {state.set && reenter && <Typography.Text type="warning">{reenter}</Typography.Text>}
      {input}
      {replacing && !reenter && (
        <Button
          size="small"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => {
            onChange?.(undefined);
            setReplacing(false);
          }}
        >
          {t('center.secret.keep')}
        </Button>
      )}
    </Flex>
  );
}
