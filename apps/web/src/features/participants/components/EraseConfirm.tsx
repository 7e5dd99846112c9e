import type { Participant } from '@cool/shared';
import { Alert, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/http/errorText.ts';
import { useDialogHandlers } from '../../../shared/ui/dialog.tsx';
import { useErase } from '../api.ts';

/** What the operator types to confirm: the participant's id, or the word. */
export const ERASE_WORD = 'ERASE';

/**
 * Erasing cannot be undone, so the dialog only erases once the operator has typed the participant's id or
 * ERASE: a reflex click on a button cannot do it.
 */
export function EraseConfirm({ participant, onErased }: { participant: Participant; onErased: () => void }) {
  const { t } = useTranslation();
  const erase = useErase();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const matches = typed.trim() === ERASE_WORD || typed.trim() === String(participant.id);

  const run = async () => {
    if (!matches) {
      setError(t('participants.erase.mismatch'));
      return false;
    }
    try {
      await erase.mutateAsync(participant.id);
    } catch (failure) {
      setError(errorText(failure, t));
      return false;
    }
    onErased();
    return true;
  };
  useDialogHandlers({ onOk: run });

  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph style={{ margin: 0 }}>{t('participants.erase.content')}</Typography.Paragraph>
      {error && <Alert type="error" showIcon role="alert" title={error} />}
      <Form layout="vertical" name="eraseParticipant">
        <Form.Item
          label={t('participants.erase.prompt', { id: participant.id })}
          htmlFor="erase-participant-confirm"
          style={{ marginBottom: 0 }}
        >
          <Input
            id="erase-participant-confirm"
            autoComplete="off"
            value={typed}
            status={error && !matches ? 'error' : undefined}
            onChange={(event) => {
              setTyped(event.target.value);
              setError(null);
            }}
          />
        </Form.Item>
      </Form>
    </Flex>
  );
}
