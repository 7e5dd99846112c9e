import { formatNumber, type ReconciliationDay } from '@cool/shared';
import { Button, Flex, Table, type TableProps, Tag, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FIT_TABLE, usePhoneTable } from '../../../shared/list/fitTable.ts';
import { formatDateTime } from '../../../shared/ui/format.ts';
import { QueryContent } from '../../../shared/ui/QueryErrorState.tsx';
import { useReconciliationDays } from '../api.ts';

const PAGE_SIZE = 7;

const STATE_COLOURS: Record<ReconciliationDay['state'], string> = {
  matched: 'success',
  differences: 'error',
  failed: 'warning',
  notFetched: 'default',
};

interface ReconciliationDaysProps {
  billDate: string;
  onBillDate: (billDate: string) => void;
}

/** The recent days, a week at a time, each with its state; choosing one shows its reconciliation below. */
export function ReconciliationDays({ billDate, onBillDate }: ReconciliationDaysProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const isPhone = usePhoneTable();
  const [pageNo, setPageNo] = useState(1);
  const days = useReconciliationDays({ pageNo, pageSize: PAGE_SIZE });

  const state = (day: ReconciliationDay) => (
    <Tag color={STATE_COLOURS[day.state]} title={day.error ?? undefined}>
      {t(`payLog.reconciliation.days.state.${day.state}`)}
    </Tag>
  );
  const differences = (day: ReconciliationDay) =>
    day.state === 'differences'
      ? [
          formatNumber(day.differences),
          day.unsynced > 0 && t('payLog.reconciliation.days.unsynced', { count: day.unsynced }),
        ]
          .filter(Boolean)
          .join(' · ')
      : '—';
  const trades = (day: ReconciliationDay) => (day.billRows === null ? '—' : formatNumber(day.billRows));
  const ranAt = (day: ReconciliationDay) => (day.updateTime ? formatDateTime(day.updateTime) : '—');
  const view = (day: ReconciliationDay) =>
    day.billDate === billDate ? (
      <Typography.Text type="secondary">{t('payLog.reconciliation.days.showing')}</Typography.Text>
    ) : (
      <Button
        size="small"
        aria-label={t('payLog.reconciliation.days.viewDay', { billDate: day.billDate })}
        onClick={() => onBillDate(day.billDate)}
      >
        {t('payLog.reconciliation.days.view')}
      </Button>
    );

  const columns: TableProps<ReconciliationDay>['columns'] = isPhone
    ? [
        {
          key: 'day',
          render: (_, day) => (
            <Flex justify="space-between" align="center" gap={8}>
              <Flex vertical gap={4} align="start">
                <Flex gap={8} align="center" wrap>
                  <Typography.Text strong>{day.billDate}</Typography.Text>
                  {state(day)}
                </Flex>
                {day.state === 'differences' && (
                  <Typography.Text type="secondary">
                    {t('payLog.reconciliation.days.differences')}: {differences(day)}
                  </Typography.Text>
                )}
              </Flex>
              {view(day)}
            </Flex>
          ),
        },
      ]
    : [
        { key: 'day', title: t('payLog.reconciliation.day'), render: (_, day) => day.billDate },
        { key: 'state', title: t('payLog.reconciliation.days.stateColumn'), render: (_, day) => state(day) },
        {
          key: 'differences',
          title: t('payLog.reconciliation.days.differences'),
          render: (_, day) => differences(day),
        },
        {
          key: 'billRows',
          title: t('payLog.reconciliation.billRows'),
          align: 'right',
          render: (_, day) => trades(day),
        },
        {
          key: 'ranAt',
          title: t('payLog.reconciliation.days.ranAt'),
          render: (_, day) => ranAt(day),
        },
        { key: 'actions', title: t('payLog.field.actions'), render: (_, day) => view(day) },
      ];

  return (
    <Flex vertical gap={8}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('payLog.reconciliation.days.title')}
      </Typography.Title>
      <QueryContent query={days} errorTitle={t('payLog.reconciliation.days.loadFailed')}>
        <Table<ReconciliationDay>
          {...FIT_TABLE}
          aria-label={t('payLog.reconciliation.days.title')}
          showHeader={!isPhone}
          rowKey="billDate"
          loading={days.isFetching}
          dataSource={days.data?.data}
          columns={columns}
          onRow={(day) =>
            day.billDate === billDate
              ? { 'aria-selected': true, style: { background: token.controlItemBgActive } }
              : {}
          }
          pagination={{
            current: pageNo,
            pageSize: PAGE_SIZE,
            total: days.data?.totalCount ?? 0,
            showSizeChanger: false,
            simple: isPhone,
            showTotal: isPhone ? undefined : (total) => t('payLog.reconciliation.days.total', { total }),
            onChange: setPageNo,
          }}
        />
      </QueryContent>
    </Flex>
  );
}
