import type { Answer, ClientRecordDetail } from '@cool/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Dialog, NoticeBar, ProgressBar, Radio, Toast } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import {
  advancesOnChoice,
  answersFor,
  canLeave,
  choose,
  isChosen,
  missingRequired,
  progress,
  resumeIndex,
} from '../answering.ts';
import { getRecord, saveAnswers, submitRecord } from '../api/calls.ts';
import { ClientError, errorMessage } from '../api/client.ts';
import { Page } from '../components/Page.tsx';
import { LoadError, Loading } from '../components/States.tsx';
import { useContent, useText } from '../i18n/i18n.ts';

/** How long a single choice stays on screen before the next question: long enough to see it taken. */
const ADVANCE_MS = 250;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server already has the record submitted (an earlier submit whose reply was lost, or another tab). */
const alreadySubmitted = (error: unknown) =>
  error instanceof ClientError && error.code === 'record.submitted';

/** Answering a record, one question per screen; opens where the saved answers stop. */
export default function AnswerPage() {
  const id = Number(useParams().id);
  const record = useQuery({ queryKey: ['record', id], queryFn: () => getRecord(id) });
  if (record.isPending || record.isError)
    return (
      <Page title="" back="/records">
        {record.isPending ? (
          <Loading />
        ) : (
          <LoadError error={record.error} retry={() => void record.refetch()} />
        )}
      </Page>
    );
  if (record.data.status === 'submitted') return <Navigate to={`/records/${id}`} replace />;
  return <Answering key={id} record={record.data} />;
}

function Answering({ record }: { record: ClientRecordDetail }) {
  const t = useText();
  const text = useContent();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { questions, id } = record;
  const [answers, setAnswers] = useState(() => answersFor(questions, record.answers));
  const [index, setIndex] = useState(() => resumeIndex(questions, answersFor(questions, record.answers)));
  // Bumped by every move (and on leaving): a pending move on by itself goes only if none came since.
  const moves = useRef(0);
  // Saves go one after another, each with every answer, so the last one the server gets is the newest.
  const saving = useRef<Promise<boolean>>(Promise.resolve(true));
  // The answers on screen, for a retry; set with them.
  const latest = useRef(answers);
  // The last save failed: the answers on screen are not all on the server, so the page holds until one
  // goes through (a tap on the chosen option sends nothing: antd-mobile ignores it).
  const [unsaved, setUnsaved] = useState(false);
  useEffect(
    () => () => {
      moves.current++;
    },
    [],
  );

  const question = questions[index];
  const answer = answers[index];
  const last = index === questions.length - 1;
  const done = progress(questions, answers);

  /** Opens the report once the server has the record submitted, its cached copy refreshed first. */
  const toReport = async () => {
    await queryClient.refetchQueries({ queryKey: ['record', id], exact: true });
    void queryClient.invalidateQueries({ queryKey: ['records'] });
    void queryClient.invalidateQueries({ queryKey: ['tests'] });
    navigate(`/records/${id}`, { replace: true });
  };

  /** Sends every answer; resolves whether the server has them. */
  const save = (next: Answer[]): Promise<boolean> => {
    const saved = saving.current.then(() =>
      saveAnswers(id, next).then(
        (result) => {
          queryClient.setQueryData(['record', id], { ...record, ...result, answers: next });
          setUnsaved(false);
          return true;
        },
        (error: unknown) => {
          setUnsaved(true);
          if (alreadySubmitted(error)) void toReport();
          return false;
        },
      ),
    );
    saving.current = saved;
    return saved;
  };

  const go = (to: number) => {
    moves.current++;
    setIndex(Math.max(0, Math.min(questions.length - 1, to)));
    window.scrollTo(0, 0);
  };

  const pick = (option: number) => {
    const next = choose(questions, answers, index, option);
    latest.current = next;
    setAnswers(next);
    const saved = save(next);
    if (advancesOnChoice(question) && !last) {
      // On by itself only once the answer is on the server: after a failed save the page stays to retry.
      const move = ++moves.current;
      const from = index;
      void Promise.all([saved, delay(ADVANCE_MS)]).then(([ok]) => {
        if (ok && moves.current === move) go(from + 1);
      });
    }
  };

  const retry = () => void save(latest.current);

  const submit = useMutation({
    mutationFn: async () => {
      await saving.current;
      return submitRecord(id, answers);
    },
    onSuccess: (submitted) => {
      queryClient.setQueryData(['record', id], submitted);
      void queryClient.invalidateQueries({ queryKey: ['records'] });
      void queryClient.invalidateQueries({ queryKey: ['tests'] });
      navigate(`/records/${id}`, { replace: true });
    },
    onError: (error) => {
      // A 409 here means an earlier submit went through: its report is there to open.
      if (alreadySubmitted(error)) return toReport();
      Toast.show({ content: errorMessage(error, t), position: 'bottom' });
    },
  });

  const confirmSubmit = async () => {
    const missing = missingRequired(questions, answers);
    if (missing.length > 0) {
      Toast.show({ content: t('answer.missing', { questions: missing[0]! }), position: 'bottom' });
      go(missing[0]! - 1);
      return;
    }
    const confirmed = await Dialog.confirm({
      title: t('answer.confirmTitle'),
      content: t('answer.confirmBody'),
      confirmText: t('answer.confirm'),
      cancelText: t('answer.cancel'),
    });
    if (confirmed) submit.mutate();
  };

  if (!question) return <Navigate to={`/records/${id}`} replace />;
  const Choice = question.type === 'multiple' ? Checkbox : Radio;
  return (
    <Page
      title={text(record.title)}
      onBack={() => (index > 0 ? go(index - 1) : navigate(`/tests/${record.testId}`, { replace: true }))}
      footer={
        <>
          {unsaved && (
            <div role="alert">
              <NoticeBar
                color="error"
                wrap
                content={t('answer.saveFailed')}
                extra={
                  <Button size="mini" color="danger" fill="outline" onClick={retry}>
                    {t('error.retry')}
                  </Button>
                }
              />
            </div>
          )}
          <div className="h5-answer-actions">
            <Button size="large" disabled={index === 0} onClick={() => go(index - 1)}>
              {t('answer.back')}
            </Button>
            {last ? (
              <Button
                size="large"
                color="primary"
                disabled={unsaved || !canLeave(question, answer)}
                loading={submit.isPending}
                onClick={() => void confirmSubmit()}
              >
                {t('answer.submit')}
              </Button>
            ) : (
              <Button
                size="large"
                color="primary"
                disabled={unsaved || !canLeave(question, answer)}
                onClick={() => go(index + 1)}
              >
                {t('answer.next')}
              </Button>
            )}
          </div>
        </>
      }
    >
      <div className="h5-progress">
        <span>{t('answer.progress', { current: index + 1, total: questions.length })}</span>
        <ProgressBar
          percent={done.percent}
          rounded
          aria-label={`${done.answered} / ${done.total}`}
          style={{ '--track-width': '6px' }}
        />
      </div>
      {index === 0 && text(record.instructions) && (
        <p className="h5-instructions">{text(record.instructions)}</p>
      )}
      <fieldset className="h5-question">
        <legend>
          <span className="h5-stem">{text(question.stem)}</span>
          {question.type === 'multiple' && <span className="h5-hint">{t('answer.multiple')}</span>}
          {!question.required && <span className="h5-hint">{t('answer.optional')}</span>}
        </legend>
        {question.imageUrl && <img className="h5-question-image" src={question.imageUrl} alt="" />}
        <div className="h5-options">
          {question.options.map((option, i) => (
            <Choice
              // biome-ignore lint/suspicious/noArrayIndexKey: options are answered by their index
              key={i}
              block
              className={isChosen(answer, i) ? 'h5-option h5-option-chosen' : 'h5-option'}
              checked={isChosen(answer, i)}
              onChange={() => pick(i)}
            >
              {option.imageUrl && <img className="h5-option-image" src={option.imageUrl} alt="" />}
              {text(option.text) || option.label}
            </Choice>
          ))}
        </div>
      </fieldset>
    </Page>
  );
}
