import { ALERT_NOTE_MAX, ALERT_STATUSES, type Alert, type AlertStatus, localized } from '@cool/shared';
import { Descriptions, Empty, Flex, Form, Input, Alert as Notice, Radio, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/http/errorText.ts';
import { useTextLanguage } from '../../../shared/i18n/contentText.ts';
import { AlertStatusTag, participantName, SeverityTag } from '../../../shared/records/tags.tsx';
import { useDialogHandlers } from '../../../shared/ui/dialog.tsx';
import { formatDateTime } from '../../../shared/ui/format.ts';
import { useNotices } from '../../../shared/ui/notices.ts';
import { useUpdateAlert } from '../api.ts';

interface FollowUpValues {
  status: AlertStatus;
  note?: string;
}

/**
 * What raised an alert, rule by rule (question and condition). `compact` (a table cell) keeps each message to two lines, the
 * rest in a tooltip, and leaves the severity to the row.
 */
export function AlertItems({ alert, compact = false }: { alert: Alert; compact?: boolean }) {
  const { t } = useTranslation();
  const language = useTextLanguage();
  return (
    <Flex vertical gap={4}>
      {alert.items.map((item, index) => {
        // Staff read the rule that raised it; an alert scored before rules were kept with it, by its message.
        const text =
          item.operator === undefined || item.score === undefined
            ? t('alerts.itemOf', { question: item.question, message: localized(item.message, language) })
            : t('alerts.ruleOf', {
                question: item.question,
                condition: t(`alerts.condition.${item.operator}`, { score: item.score }),
              });
        return (
          // Two rules may name the same question and severity: the position tells them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: the items never reorder
          <Flex key={index} gap={6} align="baseline">
            {!compact && <SeverityTag severity={item.severity} />}
            {compact ? (
              <Typography.Paragraph ellipsis={{ rows: 2, tooltip: text }} style={{ margin: 0 }}>
                {text}
              </Typography.Paragraph>
            ) : (
              <span>{text}</span>
            )}
          </Flex>
        );
      })}
    </Flex>
  );
}

/** The notes of an alert, newest first: who changed it to what, when, and why. */
function AlertHistory({ alert }: { alert: Alert }) {
  const { t } = useTranslation();
  if (alert.notes.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('alerts.followUp.noHistory')} />;
  return (
    <Timeline
      items={alert.notes.map((note) => ({
        key: note.id,
        content: (
          <Flex vertical gap={2}>
            <Flex gap={8} wrap align="center">
              <AlertStatusTag status={note.status} />
              <Typography.Text strong>{note.username ?? t('alerts.followUp.formerUser')}</Typography.Text>
              <Typography.Text type="secondary">{formatDateTime(note.time)}</Typography.Text>
            </Flex>
            <Typography.Text style={{ whiteSpace: 'pre-wrap' }} type={note.note ? undefined : 'secondary'}>
              {note.note || t('alerts.followUp.noNote')}
            </Typography.Text>
          </Flex>
        ),
      }))}
    />
  );
}

/**
 * An alert opened as dialog content: what it raised and its history, and, for staff who may edit it, a new
 * status and note. Save is the decision: nothing here destroys anything, so nothing is asked again.
 */
export function AlertFollowUp({ alert, editable }: { alert: Alert; editable: boolean }) {
  const { t } = useTranslation();
  const { message } = useNotices();
  const language = useTextLanguage();
  const [form] = Form.useForm<FollowUpValues>();
  const update = useUpdateAlert();
  const [formError, setFormError] = useState<string | null>(null);

  const statusText = (status: AlertStatus) => t(`testRecord.alertStatus.${status}`);

  const save = async (): Promise<boolean> => {
    if (!editable) return true;
    const { status, note = '' } = await form.validateFields();
    const text = note.trim();
    setFormError(null);
    if (status === alert.status && !text) {
      setFormError(t('alerts.followUp.nothing'));
      return false;
    }
    try {
      await update.mutateAsync({ id: alert.id, input: { status, note: text } });
    } catch (error) {
      setFormError(errorText(error, t));
      return false;
    }
    message.success(t('alerts.followUp.saved'));
    return true;
  };
  useDialogHandlers({ onOk: () => save().catch(() => false) });

  return (
    <Flex vertical gap={16}>
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'participant',
            label: t('alerts.field.participant'),
            children: participantName(t, alert.participant),
          },
          { key: 'test', label: t('alerts.field.test'), children: localized(alert.title, language) },
          { key: 'items', label: t('alerts.field.items'), children: <AlertItems alert={alert} /> },
          {
            key: 'status',
            label: t('alerts.field.status'),
            children: <AlertStatusTag status={alert.status} />,
          },
          { key: 'created', label: t('alerts.field.created'), children: formatDateTime(alert.createTime) },
        ]}
      />
      {editable && (
        <>
          {formError && <Notice type="error" showIcon role="alert" title={formError} />}
          <Form<FollowUpValues>
            name="alertFollowUp"
            form={form}
            layout="vertical"
            initialValues={{ status: alert.status, note: '' }}
          >
            <Form.Item name="status" label={t('alerts.followUp.status')} rules={[{ required: true }]}>
              <Radio.Group
                optionType="button"
                options={ALERT_STATUSES.map((status) => ({ value: status, label: statusText(status) }))}
              />
            </Form.Item>
            <Form.Item name="note" label={t('alerts.followUp.note')} style={{ marginBottom: 0 }}>
              <Input.TextArea
                rows={3}
                maxLength={ALERT_NOTE_MAX}
                showCount
                placeholder={t('alerts.followUp.notePlaceholder')}
              />
            </Form.Item>
          </Form>
        </>
      )}
      <div>
        <Typography.Title level={5}>{t('alerts.followUp.history')}</Typography.Title>
        <AlertHistory alert={alert} />
      </div>
    </Flex>
  );
}
