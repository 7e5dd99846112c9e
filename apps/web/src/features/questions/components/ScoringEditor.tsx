import { issueError, publishProblems, type Question, scoringSchema, type TestDetail } from '@cool/shared';
import { Alert, Button, Flex, Form } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../shared/http/client.ts';
import { errorText, type FieldLabel, fieldErrorText } from '../../../shared/http/errorText.ts';
import { applyFieldErrors, formLabels } from '../../../shared/http/formErrors.ts';
import { useNotices } from '../../../shared/ui/notices.ts';
import { useSaveScoring } from '../api.ts';
import { type ScoringFormValues, toScoringFormValues, toScoringInput } from '../mapping.ts';
import { AlertList } from './scoring/AlertList.tsx';
import { DimensionList } from './scoring/DimensionList.tsx';
import { TypologySection } from './scoring/TypologySection.tsx';

interface ScoringEditorProps {
  test: TestDetail;
  questions: Question[];
  /** Read-only: on the shelf, or the role may not edit tests. */
  readOnly: boolean;
}

/**
 * Problems found live: the form's own validation (zod, in the console's language, each field named by its
 * label when `label` knows it) first, else the shared publish checks.
 */
export function liveProblems(
  values: Partial<ScoringFormValues>,
  questions: Question[],
  t: TFunction,
  label: FieldLabel = () => undefined,
) {
  const parsed = scoringSchema.safeParse(toScoringInput(values));
  if (!parsed.success)
    return {
      invalid: true,
      problems: parsed.error.issues.map((issue) => {
        const field = issue.path.join('.');
        return `${label(field) ?? field}: ${fieldErrorText({ field, ...issueError(issue) }, t)}`;
      }),
    };
  const problems = publishProblems({ questions, scoring: parsed.data });
  return { invalid: false, problems: problems.map((problem) => fieldErrorText(problem, t)) };
}

/** The scoring tab: dimensions and bands, the type result and item alerts, checked as staff type. */
export function ScoringEditor({ test, questions, readOnly }: ScoringEditorProps) {
  const { t } = useTranslation();
  const { message } = useNotices();
  const [form] = Form.useForm<ScoringFormValues>();
  const save = useSaveScoring(test.id);
  const [formError, setFormError] = useState<string | null>(null);
  const initialValues = useMemo(() => toScoringFormValues(test.scoring), [test.scoring]);
  // The test the form started from, sent with the save: a question changed since (which moves the alerts with
  // their questions) refuses a save of the old form instead of putting the old alerts back.
  const [version, setVersion] = useState(test.updateTime);
  const reload = () => {
    form.resetFields();
    setVersion(test.updateTime);
    setFormError(null);
  };
  // A newer test replaces an untouched form; a touched one keeps its version, and its save is refused. A
  // refusal on screen stays until its Reload is clicked.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the test's version only
  useEffect(() => {
    if (test.updateTime !== version && !form.isFieldsTouched() && !formError) reload();
  }, [test.updateTime]);
  const watched = Form.useWatch([], { form, preserve: true }) as Partial<ScoringFormValues> | undefined;
  const values = watched ?? initialValues;
  const live = useMemo(() => liveProblems(values, questions, t, formLabels()), [values, questions, t]);

  const onFinish = async (submitted: ScoringFormValues) => {
    setFormError(null);
    try {
      const saved = await save.mutateAsync({ scoring: toScoringInput(submitted), version });
      setVersion(saved.updateTime);
    } catch (error) {
      applyFieldErrors(form, error);
      setFormError(errorText(error, t, formLabels()));
      return;
    }
    message.success(t('questions.scoring.saved'));
  };

  return (
    <Flex vertical gap={16}>
      {live.problems.length === 0 ? (
        <Alert type="success" showIcon title={t('questions.scoring.ready')} />
      ) : (
        <Alert
          type="warning"
          showIcon
          role="status"
          title={t(live.invalid ? 'questions.scoring.invalid' : 'questions.scoring.problems', {
            count: live.problems.length,
          })}
          description={
            <ul aria-label={t('questions.scoring.problemList')} style={{ margin: 0, paddingInlineStart: 20 }}>
              {live.problems.slice(0, 30).map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          }
        />
      )}
      {formError && (
        <Alert
          type="error"
          showIcon
          title={formError}
          role="alert"
          action={
            errorCodeOf(save.error) === 'test.changedMeanwhile' && (
              <Button size="small" onClick={reload}>
                {t('questions.scoring.reload')}
              </Button>
            )
          }
        />
      )}
      <Form<ScoringFormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={onFinish}
        disabled={readOnly}
        scrollToFirstError
      >
        <Flex vertical gap={16}>
          <DimensionList keys={(values.dimensions ?? []).map((d) => d?.key)} />
          <TypologySection enabled={Boolean(values.typologyEnabled)} readOnly={readOnly} />
          <AlertList />
          {!readOnly && (
            <Flex gap={8} justify="flex-end" wrap>
              <Button onClick={reload}>{t('questions.scoring.reset')}</Button>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {t('questions.scoring.save')}
              </Button>
            </Flex>
          )}
        </Flex>
      </Form>
    </Flex>
  );
}
