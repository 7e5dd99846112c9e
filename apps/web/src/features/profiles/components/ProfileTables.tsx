import type { Alert, Order, Page, TestRecord } from '@cool/shared';
import { formatYuan, localized } from '@cool/shared';
import { Table, type TableProps, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTextLanguage } from '../../../shared/i18n/contentText.ts';
import { FIT_TABLE } from '../../../shared/list/fitTable.ts';
import { alertPath, useCanOpenAlert } from '../../../shared/records/links.ts';
import {
  AlertStatusTag,
  BandTag,
  DateTimeCell,
  RecordStatusTag,
  SeverityTag,
} from '../../../shared/records/tags.tsx';

export const TAB_PAGE_SIZE = 10;

interface PagedTableProps<Row> {
  page: Page<Row> | undefined;
  loading: boolean;
  pageNo: number;
  onPage: (pageNo: number) => void;
}

/** A test's title: wraps by words, not by letters, in a narrow table. */
const TITLE_CELL = () => ({ style: { minWidth: 160 } });

/** A tab's table: paged on the server, the page size fixed. */
function pagedTable<Row>({ page, loading, pageNo, onPage }: PagedTableProps<Row>): TableProps<Row> {
  return {
    ...(FIT_TABLE as TableProps<Row>),
    rowKey: 'id' as never,
    dataSource: page?.data,
    loading,
    pagination: {
      current: pageNo,
      pageSize: TAB_PAGE_SIZE,
      total: page?.totalCount ?? 0,
      showSizeChanger: false,
      hideOnSinglePage: true,
      onChange: onPage,
    },
  };
}

export const reportPath = (participantId: number, recordId: number) =>
  `/records?participantId=${participantId}&record=${recordId}`;

export function RecordTable(props: PagedTableProps<TestRecord>) {
  const { t } = useTranslation();
  const language = useTextLanguage();
  return (
    <Table<TestRecord>
      {...pagedTable(props)}
      aria-label={t('participantProfile.tab.records')}
      columns={[
        {
          key: 'test',
          title: t('participantProfile.record.test'),
          onCell: TITLE_CELL,
          render: (_, r) => localized(r.title, language),
        },
        {
          key: 'status',
          title: t('participantProfile.record.status'),
          render: (_, r) => <RecordStatusTag status={r.status} />,
        },
        {
          key: 'band',
          title: t('participantProfile.record.band'),
          render: (_, r) => (r.band ? <BandTag band={r.band} /> : '—'),
        },
        {
          key: 'score',
          title: t('participantProfile.record.score'),
          render: (_, r) => r.finalScore ?? '—',
        },
        {
          key: 'started',
          title: t('participantProfile.record.started'),
          render: (_, r) => <DateTimeCell value={r.startTime} />,
        },
        {
          key: 'submitted',
          title: t('participantProfile.record.submitted'),
          render: (_, r) => <DateTimeCell value={r.submitTime} />,
        },
        {
          key: 'report',
          title: t('participantProfile.record.report'),
          render: (_, r) => (
            <Link to={reportPath(r.participant.id, r.id)}>{t('participantProfile.record.view')}</Link>
          ),
        },
      ]}
    />
  );
}

export function OrderTable(props: PagedTableProps<Order>) {
  const { t } = useTranslation();
  const language = useTextLanguage();
  return (
    <Table<Order>
      {...pagedTable(props)}
      aria-label={t('participantProfile.tab.orders')}
      columns={[
        {
          key: 'orderNo',
          title: t('participantProfile.order.orderNo'),
          render: (_, o) => <Link to={`/profile/basic?id=${o.id}`}>{o.orderNo}</Link>,
        },
        {
          key: 'test',
          title: t('participantProfile.order.test'),
          onCell: TITLE_CELL,
          render: (_, o) => localized(o.title, language),
        },
        {
          key: 'amount',
          title: t('participantProfile.order.amount'),
          render: (_, o) => formatYuan(o.amountFen, { symbol: true }),
        },
        {
          key: 'status',
          title: t('participantProfile.order.status'),
          render: (_, o) => (
            <Tag>{t(`participantProfile.orderStatus.${o.expired ? 'expired' : o.status}`)}</Tag>
          ),
        },
        {
          key: 'paid',
          title: t('participantProfile.order.paidAt'),
          render: (_, o) => <DateTimeCell value={o.paidTime} />,
        },
      ]}
    />
  );
}

export function AlertTable(props: PagedTableProps<Alert>) {
  const { t } = useTranslation();
  const language = useTextLanguage();
  const canOpenAlert = useCanOpenAlert();
  return (
    <Table<Alert>
      {...pagedTable(props)}
      aria-label={t('participantProfile.tab.alerts')}
      columns={[
        {
          key: 'severity',
          title: t('participantProfile.alert.severity'),
          render: (_, a) => <SeverityTag severity={a.severity} />,
        },
        {
          key: 'test',
          title: t('participantProfile.alert.test'),
          onCell: TITLE_CELL,
          render: (_, a) => localized(a.title, language),
        },
        {
          key: 'status',
          title: t('participantProfile.alert.status'),
          render: (_, a) => <AlertStatusTag status={a.status} />,
        },
        {
          key: 'created',
          title: t('participantProfile.alert.created'),
          render: (_, a) => <DateTimeCell value={a.createTime} />,
        },
        ...(canOpenAlert
          ? [
              {
                key: 'followUp',
                title: t('participantProfile.alert.followUp'),
                render: (_: unknown, a: Alert) => (
                  <Link to={alertPath(a.id)} aria-label={t('participantProfile.alert.openN', { id: a.id })}>
                    {t('participantProfile.alert.open')}
                  </Link>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
