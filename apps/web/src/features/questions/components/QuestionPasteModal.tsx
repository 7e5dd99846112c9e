import { MAX_QUESTIONS_PER_TEST, type Question, type QuestionInput } from '@cool/shared';
import { Alert, Flex, Form, Input, Modal, Radio, Select, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, fieldErrorText, serverFieldErrors } from '../../../shared/http/errorText.ts';
import { type TextLanguage, useTextLanguage } from '../../../shared/i18n/contentText.ts';
import { useNotices } from '../../../shared/ui/notices.ts';
import { useAddQuestions } from '../api.ts';
import { toQuestionInput } from '../mapping.ts';
import { ANSWER_SCALES, type AnswerScale, optionsFrom } from '../presets.ts';

/** A pasted question: its stem and the line it came from. */
interface PastedLine {
  line: number;
  stem: string;
}

/** One question per non-empty line, trimmed, without a leading number such as `3.` or `3、`. */
export const pastedLines = (text: string): PastedLine[] =>
  text
    .split(/\r?\n/)
    .map((raw, index) => ({ line: index + 1, stem: raw.trim().replace(/^\d{1,3}\s*[.、．)）]\s*/u, '') }))
    .filter((pasted) => pasted.stem !== '');

type ScaleChoice = AnswerScale | 'previous' | 'none';

interface QuestionPasteModalProps {
  testId: number;
  /** The test's questions: the new ones come after them, and may copy the last one's options. */
  questions: Question[];
  /** The languages the test is written in. */
  languages: TextLanguage[];
  onClose: () => void;
}

/**
 * Many questions at once, one per line, each with the same answer scale: previewed as they will be added, then
 * sent in one request that the server takes whole or refuses whole (a refusal names the line).
 */
export function QuestionPasteModal({ testId, questions, languages, onClose }: QuestionPasteModalProps) {
  const { t } = useTranslation();
  const { message } = useNotices();
  const consoleLanguage = useTextLanguage();
  const add = useAddQuestions(testId);
  const last = questions.at(-1) ?? null;
  const [text, setText] = useState('');
  const [scale, setScale] = useState<ScaleChoice>(last ? 'previous' : 'none');
  const [language, setLanguage] = useState<TextLanguage>(
    languages.includes(consoleLanguage) ? consoleLanguage : languages[0]!,
  );
  const [failure, setFailure] = useState<string[] | null>(null);

  const lines = pastedLines(text);
  const filled =
    scale === 'none'
      ? { type: 'single' as const, options: [] }
      : optionsFrom(
          scale === 'previous' && last ? { previous: last } : { scale: scale as AnswerScale },
          languages,
        );
  const toInput = (pasted: PastedLine): QuestionInput =>
    toQuestionInput({
      stem: { zh: '', en: '', [language]: pasted.stem },
      imageUrl: null,
      type: filled.type,
      required: true,
      options: filled.options,
    });
  const optionSummary =
    filled.options.length === 0
      ? t('questions.paste.noOptions')
      : filled.options.map((o) => o.text[consoleLanguage] || o.text.zh || o.text.en).join(' · ');

  const save = async () => {
    setFailure(null);
    try {
      const outcome = await add.mutateAsync({ questions: lines.map(toInput) });
      message.success(t('questions.paste.done', { count: outcome.imported, total: outcome.total }));
      onClose();
    } catch (error) {
      // `questions.<i>.…`: the i-th pasted question, shown by its line.
      const byLine = serverFieldErrors(error).flatMap((fieldError) => {
        const index = /^questions\.(\d+)\./.exec(fieldError.field ?? '')?.[1];
        const pasted = index === undefined ? undefined : lines[Number(index)];
        return pasted
          ? [t('questions.paste.lineError', { line: pasted.line, message: fieldErrorText(fieldError, t) })]
          : [];
      });
      setFailure(byLine.length > 0 ? byLine : [errorText(error, t)]);
    }
  };

  return (
    <Modal
      open
      title={t('questions.paste.title')}
      width={760}
      mask={{ closable: false }}
      onCancel={onClose}
      okText={t('questions.paste.add', { count: lines.length })}
      okButtonProps={{ disabled: lines.length === 0 }}
      confirmLoading={add.isPending}
      cancelText={t('questions.form.cancel')}
      onOk={() => void save()}
    >
      <Form layout="vertical" name="questionPaste">
        <Typography.Paragraph type="secondary">
          {t('questions.paste.hint', { max: MAX_QUESTIONS_PER_TEST })}
        </Typography.Paragraph>
        <Form.Item label={t('questions.paste.lines')} htmlFor="question-paste-lines">
          <Input.TextArea
            id="question-paste-lines"
            value={text}
            onChange={(event) => setText(event.target.value)}
            autoSize={{ minRows: 5, maxRows: 12 }}
            placeholder={t('questions.paste.placeholder')}
          />
        </Form.Item>
        <Flex gap={16} wrap>
          {languages.length > 1 && (
            <Form.Item label={t('questions.paste.language')}>
              <Radio.Group
                value={language}
                onChange={(event) => setLanguage(event.target.value as TextLanguage)}
                options={languages.map((value) => ({ value, label: t(`questions.paste.in.${value}`) }))}
              />
            </Form.Item>
          )}
          <Form.Item label={t('questions.scale.button')} htmlFor="question-paste-scale">
            <Select<ScaleChoice>
              id="question-paste-scale"
              value={scale}
              onChange={setScale}
              style={{ minWidth: 260, maxWidth: '100%' }}
              options={[
                ...ANSWER_SCALES.map((value) => ({ value, label: t(`questions.scale.${value}`) })),
                ...(last
                  ? [
                      {
                        value: 'previous' as const,
                        label: t('questions.scale.previous', { n: last.position }),
                      },
                    ]
                  : []),
                { value: 'none', label: t('questions.paste.noOptions') },
              ]}
            />
          </Form.Item>
        </Flex>
      </Form>
      {failure && (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 12 }}
          title={failure.length > 1 ? t('questions.paste.refused') : failure[0]}
          description={failure.length > 1 ? failure.map((line) => <div key={line}>{line}</div>) : undefined}
        />
      )}
      {lines.length > 0 && (
        <Table<PastedLine>
          size="small"
          aria-label={t('questions.paste.preview')}
          rowKey="line"
          dataSource={lines}
          pagination={lines.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
          columns={[
            {
              key: 'position',
              title: t('questions.paste.position'),
              width: 56,
              render: (_, __, index) => questions.length + index + 1,
            },
            {
              key: 'stem',
              title: t('questions.field.stem'),
              dataIndex: 'stem',
              onCell: () => ({ style: { minWidth: 140 } }),
            },
            {
              key: 'options',
              title: t('questions.options.title'),
              render: () => <Typography.Text type="secondary">{optionSummary}</Typography.Text>,
            },
          ]}
        />
      )}
    </Modal>
  );
}
