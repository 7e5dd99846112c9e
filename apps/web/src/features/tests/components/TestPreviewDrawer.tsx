import {
  type Answer,
  type AnswerError,
  localized,
  type Question,
  type ScoreReport,
  scoreTest,
  type Test,
} from '@cool/shared';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Drawer,
  Empty,
  Flex,
  Grid,
  Radio,
  Result,
  Space,
  Spin,
  Tag,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, fieldErrorText } from '../../../shared/http/errorText.ts';
import { useTextLanguage } from '../../../shared/i18n/contentText.ts';
import { loadErrorMessages } from '../../../shared/i18n/i18n.ts';
import { ReportView } from '../../../shared/records/ReportView.tsx';
import { scoreOnServer, useTestDetail, useTestQuestions } from '../api.ts';
import { sameReport } from '../report.ts';

interface TestPreviewDrawerProps {
  test: Test;
  onClose: () => void;
}

interface Outcome {
  local: { ok: true; report: ScoreReport } | { ok: false; errors: AnswerError[] };
  server: { ok: true; report: ScoreReport } | { ok: false; message: string };
}

/** Staff take a test as its takers would, then see the report from the shared engine and from the server. */
export function TestPreviewDrawer({ test, onClose }: TestPreviewDrawerProps) {
  const { t } = useTranslation();
  const language = useTextLanguage();
  const isMobile = Grid.useBreakpoint().md === false;
  const detail = useTestDetail(test.id);
  const questions = useTestQuestions(test.id);
  const list = useMemo(() => questions.data?.data ?? [], [questions.data]);
  const [answers, setAnswers] = useState<Record<number, Answer>>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [scoring, setScoring] = useState(false);

  const text = (value: { zh: string; en: string }) => localized(value, language);
  const answerList = (): Answer[] => list.map((q) => answers[q.id] ?? null);

  const compute = async () => {
    if (!detail.data) return;
    setScoring(true);
    const given = answerList();
    const local = scoreTest({ questions: list, scoring: detail.data.scoring }, given);
    // The error texts come with the page only after a failed call: load them before showing the engine's codes.
    if (!local.ok) await loadErrorMessages().catch(() => undefined);
    let server: Outcome['server'];
    try {
      server = { ok: true, report: await scoreOnServer(test.id, given) };
    } catch (error) {
      server = { ok: false, message: errorText(error, t) };
    }
    setOutcome({ local, server });
    setScoring(false);
  };

  const loading = detail.isLoading || questions.isLoading;
  const failed = detail.isError || questions.isError;
  const same =
    outcome?.local.ok && outcome.server.ok && sameReport(outcome.local.report, outcome.server.report);
  const localErrors = outcome && !outcome.local.ok ? outcome.local.errors : [];
  // The engine's own messages are English: show its codes in the console's language.
  const answerErrorText = (error: AnswerError) => fieldErrorText(error, t);
  const errorOf = (position: number) => {
    const error = localErrors.find((e) => e.question === position);
    return error && answerErrorText(error);
  };

  const renderQuestion = (question: Question, index: number) => {
    const value = answers[question.id] ?? null;
    const options = question.options.map((option, i) => ({
      value: i,
      label: (
        <Space size={6} wrap>
          {option.label && <Typography.Text strong>{option.label}.</Typography.Text>}
          <span>{text(option.text)}</span>
          {option.imageUrl && <img src={option.imageUrl} alt="" style={{ maxHeight: 48, maxWidth: 96 }} />}
        </Space>
      ),
    }));
    const error = errorOf(index + 1);
    return (
      <Card
        key={question.id}
        size="small"
        role="group"
        aria-label={t('tests.preview.questionN', { n: index + 1 })}
        title={
          <Space size={6} wrap style={{ whiteSpace: 'normal' }}>
            <span>{index + 1}.</span>
            <span>{text(question.stem)}</span>
            {question.required && <Typography.Text type="danger">*</Typography.Text>}
            <Tag>{t(`tests.questionType.${question.type}`)}</Tag>
          </Space>
        }
      >
        {question.imageUrl && (
          <img src={question.imageUrl} alt="" style={{ maxWidth: '100%', maxHeight: 200, marginBottom: 8 }} />
        )}
        {question.type === 'multiple' ? (
          <Checkbox.Group
            style={{ display: 'flex', flexDirection: 'column', gap: 6 }}
            options={options}
            value={Array.isArray(value) ? value : []}
            onChange={(checked) =>
              setAnswers((prev) => ({
                ...prev,
                [question.id]: checked.length ? (checked as number[]) : null,
              }))
            }
          />
        ) : (
          <Radio.Group
            style={{ display: 'flex', flexDirection: 'column', gap: 6 }}
            options={options}
            value={typeof value === 'number' ? value : null}
            onChange={(event) =>
              setAnswers((prev) => ({ ...prev, [question.id]: event.target.value as number }))
            }
          />
        )}
        {error && <Typography.Text type="danger">{error}</Typography.Text>}
      </Card>
    );
  };

  return (
    <Drawer
      open
      title={t('tests.preview.title', { title: text(test.title) })}
      size={isMobile ? '100%' : 760}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Button
          onClick={() => {
            setAnswers({});
            setOutcome(null);
          }}
        >
          {t('tests.preview.reset')}
        </Button>
      }
    >
      {loading ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin description={t('common.loading')} />
        </Flex>
      ) : failed ? (
        <Result
          status="error"
          title={t('tests.preview.loadFailed')}
          subTitle={errorText(detail.error ?? questions.error, t)}
          extra={
            <Button
              onClick={() => {
                void detail.refetch();
                void questions.refetch();
              }}
            >
              {t('common.retry')}
            </Button>
          }
        />
      ) : list.length === 0 ? (
        <Empty description={t('tests.preview.noQuestions')} />
      ) : (
        <Flex vertical gap={12}>
          {text(test.instructions) && <Alert type="info" title={text(test.instructions)} />}
          {list.map(renderQuestion)}
          <Button type="primary" size="large" loading={scoring} onClick={() => void compute()}>
            {t('tests.preview.compute')}
          </Button>
          {outcome && (
            <Flex vertical gap={12} role="region" aria-label={t('tests.preview.report')}>
              {/* The server's scoring is what takers get: said only when it differs from this preview's. */}
              {outcome.local.ok && outcome.server.ok && !same && (
                <Alert type="warning" showIcon title={t('tests.preview.different')} />
              )}
              {outcome.local.ok ? (
                <ReportView report={outcome.local.report} title={t('tests.preview.localReport')} />
              ) : (
                <Alert
                  type="error"
                  showIcon
                  title={t('tests.preview.answersInvalid')}
                  description={
                    <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                      {outcome.local.errors.map((e) => (
                        <li key={`${e.question}-${e.error}`}>
                          {e.question > 0
                            ? `${t('tests.preview.questionN', { n: e.question })}: ${answerErrorText(e)}`
                            : answerErrorText(e)}
                        </li>
                      ))}
                    </ul>
                  }
                />
              )}
              {outcome.server.ok
                ? !same && (
                    <ReportView report={outcome.server.report} title={t('tests.preview.serverReport')} />
                  )
                : // The same engine refused the answers here already: its list says it all.
                  outcome.local.ok && (
                    <Alert
                      type="error"
                      showIcon
                      title={t('tests.preview.serverFailed')}
                      description={outcome.server.message}
                    />
                  )}
            </Flex>
          )}
        </Flex>
      )}
    </Drawer>
  );
}
