import { formatNumber, formatYuan, RECONCILIATION_KINDS, type Reconciliation } from '@cool/shared';
import {
  Alert,
  Button,
  DatePicker,
  Divider,
  Empty,
  Flex,
  Spin,
  Statistic,
  Table,
  type TableProps,
  Tag,
  Typography,
  theme,
} from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/http/errorText.ts';
import { FIT_TABLE, usePhoneTable } from '../../../shared/list/fitTable.ts';
import { usePermission } from '../../../shared/permissions/usePermission.ts';
import { chinaToday, formatDateTime } from '../../../shared/ui/format.ts';
import { useNotices } from '../../../shared/ui/notices.ts';
import { QueryContent } from '../../../shared/ui/QueryErrorState.tsx';
import { useReconciliation, useRunReconciliation, useSyncDifference } from '../api.ts';
import { ReconciliationDays } from './ReconciliationDays.tsx';

type Difference = Reconciliation['differences'][number];

const DAY = 'YYYY-MM-DD';

/**
 * The day a reconciliation shows first: yesterday in China (the first of the recent days), the last day whose
 * trade bill WeChat Pay has made.
 */
export const defaultBillDate = () => dayjs(chinaToday()).subtract(1, 'day').format(DAY);

const KIND_COLOURS: Record<Difference['kind'], string> = {
  missingHere: 'error',
  missingThere: 'warning',
  amountDiffers: 'error',
  statusDiffers: 'orange',
};

const money = (fen: number | null) => (fen === null ? '—' : formatYuan(fen, { symbol: true }));

function Differences({ billDate, differences }: { billDate: string; differences: Difference[] }) {
  const { t } = useTranslation();
  const { message } = useNotices();
  const canSync = usePermission()('payLog', 'edit');
  const sync = useSyncDifference();
  const isPhone = usePhoneTable();

  const runSync = async (orderNo: string) => {
    try {
      await sync.mutateAsync({ billDate, orderNo });
      message.success(t('payLog.reconciliation.synced', { orderNo }));
    } catch (error) {
      message.error(errorText(error, t));
    }
  };

  const kind = (d: Difference) => (
    <Tag color={KIND_COLOURS[d.kind]}>{t(`payLog.reconciliation.kinds.${d.kind}`)}</Tag>
  );
  const ours = (d: Difference) =>
    d.ourStatus ? `${money(d.ourAmountFen)} · ${t(`orders.status.${d.ourStatus}`)}` : '—';
  const bill = (d: Difference) => (d.billStatus ? `${money(d.billAmountFen)} · ${d.billStatus}` : '—');
  const action = (d: Difference) =>
    d.synced ? (
      <Tag color="success">{t('payLog.reconciliation.syncedTag')}</Tag>
    ) : (
      canSync && (
        <Button
          size="small"
          aria-label={t('payLog.reconciliation.syncOne', { orderNo: d.orderNo })}
          loading={sync.isPending && sync.variables?.orderNo === d.orderNo}
          onClick={() => void runSync(d.orderNo)}
        >
          {t('payLog.reconciliation.sync')}
        </Button>
      )
    );
  const breakable = (text: string | null) => <span style={{ wordBreak: 'break-all' }}>{text ?? '—'}</span>;

  const columns: TableProps<Difference>['columns'] = isPhone
    ? [
        {
          key: 'difference',
          render: (_, d) => (
            <Flex vertical gap={4} align="start">
              {kind(d)}
              <Typography.Text strong style={{ wordBreak: 'break-all' }}>
                {d.orderNo}
              </Typography.Text>
              <span>
                {t('payLog.reconciliation.ours')}: {ours(d)}
              </span>
              <span>
                {t('payLog.reconciliation.bill')}: {bill(d)}
              </span>
              {action(d)}
            </Flex>
          ),
        },
      ]
    : [
        { key: 'kind', title: t('payLog.reconciliation.kind'), render: (_, d) => kind(d) },
        { key: 'orderNo', title: t('payLog.field.orderNo'), render: (_, d) => breakable(d.orderNo) },
        {
          key: 'transactionId',
          title: t('payLog.reconciliation.transactionId'),
          render: (_, d) => breakable(d.transactionId),
        },
        { key: 'ours', title: t('payLog.reconciliation.ours'), render: (_, d) => ours(d) },
        { key: 'bill', title: t('payLog.reconciliation.bill'), render: (_, d) => bill(d) },
        { key: 'actions', title: t('payLog.field.actions'), render: (_, d) => action(d) },
      ];

  return (
    <Table<Difference>
      {...FIT_TABLE}
      showHeader={!isPhone}
      rowKey={(d) => `${d.kind}:${d.orderNo}`}
      pagination={false}
      dataSource={differences}
      columns={columns}
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('payLog.reconciliation.noDifferences')}
          />
        ),
      }}
    />
  );
}

function Summary({ reconciliation }: { reconciliation: Reconciliation }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { counts } = reconciliation;
  return (
    <Flex vertical gap={16}>
      {reconciliation.status === 'failed' && (
        <Alert
          type="error"
          showIcon
          title={t('payLog.reconciliation.failed')}
          description={reconciliation.error ?? undefined}
        />
      )}
      <Flex gap={32} wrap role="region" aria-label={t('payLog.reconciliation.counts')}>
        <Statistic title={t('payLog.reconciliation.billRows')} value={formatNumber(counts.billRows)} />
        <Statistic title={t('payLog.reconciliation.matched')} value={formatNumber(counts.matched)} />
        {RECONCILIATION_KINDS.map((kind) => (
          <Statistic
            key={kind}
            title={t(`payLog.reconciliation.kinds.${kind}`)}
            value={formatNumber(counts[kind])}
            styles={counts[kind] > 0 ? { content: { color: token.colorError } } : undefined}
          />
        ))}
      </Flex>
      <Typography.Text type="secondary">
        {t('payLog.reconciliation.ranAt', { time: formatDateTime(reconciliation.updateTime) })}
      </Typography.Text>
    </Flex>
  );
}

interface ReconciliationPanelProps {
  billDate: string;
  onBillDate: (billDate: string) => void;
}

/**
 * The recent days with their state, and the chosen day's trade bill against our orders: the counts, each
 * difference, and a sync for each.
 */
export function ReconciliationPanel({ billDate, onBillDate }: ReconciliationPanelProps) {
  const { t } = useTranslation();
  const { message } = useNotices();
  const canRun = usePermission()('payLog', 'edit');
  const stored = useReconciliation(billDate);
  const run = useRunReconciliation();
  const reconciliation = stored.data;

  const runNow = async () => {
    try {
      await run.mutateAsync(billDate);
      message.success(t('payLog.reconciliation.done', { billDate }));
    } catch (error) {
      message.error(errorText(error, t));
    }
  };

  return (
    <Flex vertical gap={16}>
      <ReconciliationDays billDate={billDate} onBillDate={onBillDate} />
      <Divider style={{ margin: 0 }} />
      <Flex gap={8} wrap align="center">
        <span>{t('payLog.reconciliation.day')}</span>
        <DatePicker
          aria-label={t('payLog.reconciliation.day')}
          allowClear={false}
          value={dayjs(billDate, DAY)}
          // WeChat Pay makes a day's bill the next morning: today and later have none yet.
          disabledDate={(day) => !day.isBefore(dayjs(chinaToday()), 'day')}
          onChange={(day) => day && onBillDate(day.format(DAY))}
        />
        {canRun && (
          <Button loading={run.isPending} onClick={() => void runNow()}>
            {t('payLog.reconciliation.run')}
          </Button>
        )}
      </Flex>
      <QueryContent query={stored} errorTitle={t('payLog.reconciliation.loadFailed')}>
        {reconciliation === undefined ? (
          <Flex justify="center" style={{ padding: 48 }}>
            <Spin description={t('common.loading')} />
          </Flex>
        ) : reconciliation === null ? (
          <Empty description={t('payLog.reconciliation.none', { billDate })} />
        ) : (
          <Flex vertical gap={16}>
            <Summary reconciliation={reconciliation} />
            <Differences billDate={billDate} differences={reconciliation.differences} />
          </Flex>
        )}
      </QueryContent>
    </Flex>
  );
}
