import { formatDateTime } from '@cool/shared';
import { Link } from 'react-router';
import { listRecords } from '../api/calls.ts';
import { usePages } from '../api/pages.ts';
import { MorePages } from '../components/MorePages.tsx';
import { LoadError, Loading, Message } from '../components/States.tsx';
import { Cover } from '../components/TestMeta.tsx';
import { useContent, useText } from '../i18n/i18n.ts';

/** My records, newest first: one in progress opens where it stopped, a finished one its report. */
export default function RecordsPage() {
  const t = useText();
  const text = useContent();
  const records = usePages(['records', 'pages'], listRecords);
  if (records.isPending) return <Loading />;
  if (records.isError) return <LoadError error={records.error} retry={() => void records.refetch()} />;
  if (records.items.length === 0) return <Message title={t('records.empty')} />;
  return (
    <>
      <Link className="h5-orders-link" to="/orders">
        {t('orders.title')}
      </Link>
      <ul className="h5-cards" aria-label={t('nav.records')}>
        {records.items.map((r) => {
          const finished = r.status === 'submitted';
          return (
            <li key={r.id}>
              <Link className="h5-card" to={finished ? `/records/${r.id}` : `/records/${r.id}/answer`}>
                <Cover url={r.coverUrl} title={text(r.title)} />
                <div className="h5-card-body">
                  <h2 className="h5-card-title">{text(r.title)}</h2>
                  <div className="h5-meta">
                    <span className={finished ? 'h5-status h5-status-done' : 'h5-status'}>
                      {finished ? t('records.submitted') : t('records.inProgress')}
                    </span>
                    {finished && !r.unlocked && <span className="h5-status">{t('records.locked')}</span>}
                    {!finished && (
                      <span>
                        {t('records.answered', { answered: r.answeredCount, total: r.questionCount })}
                      </span>
                    )}
                  </div>
                  <p className="h5-card-subtitle">{formatDateTime(r.submitTime ?? r.startTime)}</p>
                </div>
              </Link>
            </li>
          );
        })}
      </ul>
      <MorePages
        more={records.hasNextPage}
        loading={records.isFetchingNextPage}
        fetchMore={records.fetchNextPage}
      />
    </>
  );
}
