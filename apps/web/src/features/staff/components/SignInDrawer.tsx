import type { Account, SignInEntry } from '@cool/shared';
import { Drawer, Grid, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SIGN_IN_PAGE_SIZE } from '../../../shared/api/accounts.ts';
import { formatDateTime } from '../../../shared/ui/format.ts';
import { QueryContent } from '../../../shared/ui/QueryErrorState.tsx';
import { useSignIns } from '../api.ts';

/** An account's sign-in attempts, newest first: successes, refusals with their reason, and locks. */
export function SignInDrawer({ account, onClose }: { account: Account; onClose: () => void }) {
  const { t } = useTranslation();
  const isMobile = Grid.useBreakpoint().md === false;
  const [pageNo, setPageNo] = useState(1);
  const signIns = useSignIns(account.id, pageNo);

  const outcome = (entry: SignInEntry) => (
    <>
      <Tag color={entry.outcome === 'success' ? 'green' : 'red'}>{t(`staff.signIns.${entry.outcome}`)}</Tag>
      {entry.reason && (
        <Typography.Text type="secondary">
          {t(`staff.signIns.reason.${entry.reason}`, { defaultValue: entry.reason })}
        </Typography.Text>
      )}
      {entry.lockedUntil && (
        <div>
          <Typography.Text type="danger">
            {t('staff.signIns.lockedUntil', { time: formatDateTime(entry.lockedUntil) })}
          </Typography.Text>
        </div>
      )}
    </>
  );

  return (
    <Drawer
      open
      title={t('staff.signIns.title', { username: account.username })}
      size={isMobile ? '100%' : 640}
      onClose={onClose}
      destroyOnHidden
    >
      <QueryContent query={signIns} errorTitle={t('staff.signIns.loadFailed')}>
        <Table<SignInEntry>
          size="small"
          rowKey="id"
          loading={signIns.isFetching}
          dataSource={signIns.data?.data}
          locale={{ emptyText: t('staff.signIns.empty') }}
          pagination={{
            current: pageNo,
            pageSize: SIGN_IN_PAGE_SIZE,
            total: signIns.data?.totalCount,
            showSizeChanger: false,
            onChange: setPageNo,
          }}
          columns={[
            {
              key: 'time',
              title: t('staff.signIns.time'),
              render: (_, entry) => (
                <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.time)}</span>
              ),
            },
            { key: 'outcome', title: t('staff.signIns.outcome'), render: (_, entry) => outcome(entry) },
            { key: 'ip', title: t('staff.signIns.address'), render: (_, entry) => entry.ip ?? '—' },
          ]}
        />
      </QueryContent>
    </Drawer>
  );
}
