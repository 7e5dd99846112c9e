import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Toast } from 'antd-mobile';
import { useNavigate, useParams } from 'react-router';
import { getTest, listRecordsInProgress, startRecord } from '../api/calls.ts';
import { errorMessage } from '../api/client.ts';
import { Page } from '../components/Page.tsx';
import { LoadError, Loading } from '../components/States.tsx';
import { Cover, usePrice } from '../components/TestMeta.tsx';
import { useContent, useText } from '../i18n/i18n.ts';

/**
 * A test's introduction: what it costs and takes, how to answer, and Start (or Resume a record in progress); a
 * priced test while payment is not open says so, and cannot be started.
 */
export default function TestIntroPage() {
  const t = useText();
  const text = useContent();
  const price = usePrice();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = Number(useParams().id);
  const test = useQuery({ queryKey: ['test', id], queryFn: () => getTest(id) });
  const records = useQuery({ queryKey: ['records', 'inProgress'], queryFn: listRecordsInProgress });
  const open = records.data?.data.find((r) => r.testId === id);
  const start = useMutation({
    mutationFn: () => startRecord(id),
    onSuccess: (record) => {
      void queryClient.invalidateQueries({ queryKey: ['records'] });
      queryClient.setQueryData(['record', record.id], record);
      navigate(`/records/${record.id}/answer`);
    },
    onError: (error) => Toast.show({ content: errorMessage(error, t), position: 'bottom' }),
  });

  const title = test.data ? text(test.data.title) : '';
  // A record already started may be finished; a new one of a test that cannot be paid for is not started.
  const closed = !open && test.data?.paymentUnavailable === true;
  return (
    <Page
      title={title}
      footer={
        test.data && (
          <Button
            block
            color="primary"
            size="large"
            loading={start.isPending}
            disabled={closed}
            onClick={() => start.mutate()}
          >
            {open ? t('test.resume') : closed ? t('test.paymentUnavailable') : t('test.start')}
          </Button>
        )
      }
    >
      {test.isPending ? (
        <Loading />
      ) : test.isError ? (
        <LoadError error={test.error} retry={() => void test.refetch()} />
      ) : (
        <article className="h5-intro">
          <div className="h5-intro-head">
            <Cover url={test.data.coverUrl} title={title} large />
            <div>
              <h1 className="h5-intro-title">{title}</h1>
              {text(test.data.subtitle) && <p className="h5-card-subtitle">{text(test.data.subtitle)}</p>}
            </div>
          </div>
          {closed && (
            <p className="h5-notice" role="status">
              {t('test.paymentUnavailableBody')}
            </p>
          )}
          <dl className="h5-facts">
            <div>
              <dt>{t('test.price')}</dt>
              <dd className={test.data.priceFen === 0 ? 'h5-price h5-free' : 'h5-price'}>
                {price(test.data.priceFen)}
              </dd>
            </div>
            <div>
              <dt>{t('test.duration')}</dt>
              <dd>{t('test.minutes', { count: test.data.minutes })}</dd>
            </div>
            <div>
              <dt>{t('test.questionCount')}</dt>
              <dd>{test.data.questionCount}</dd>
            </div>
            <div>
              <dt>{t('test.taken')}</dt>
              <dd>{test.data.participantCount}</dd>
            </div>
          </dl>
          {text(test.data.introduction) && (
            <section className="h5-section">
              <h2>{t('test.introduction')}</h2>
              <p className="h5-prose">{text(test.data.introduction)}</p>
            </section>
          )}
          {text(test.data.instructions) && (
            <section className="h5-section">
              <h2>{t('test.instructions')}</h2>
              <p className="h5-prose">{text(test.data.instructions)}</p>
            </section>
          )}
        </article>
      )}
    </Page>
  );
}
