import { UserOutlined } from '@ant-design/icons';
import { formatYuan, localized, type Participant, type ParticipantActivity } from '@cool/shared';
import { Button, Descriptions, Empty, Flex, Tabs, Tag, Timeline, Typography, theme } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useTextLanguage } from '../../shared/i18n/contentText.ts';
import { useBlockToggle } from '../../shared/participants/useBlockToggle.ts';
import { usePermission } from '../../shared/permissions/usePermission.ts';
import { alertPath, useCanOpenAlert } from '../../shared/records/links.ts';
import { participantName } from '../../shared/records/tags.tsx';
import { useTabTitle } from '../../shared/tabs/index.ts';
import { formatDateTime } from '../../shared/ui/format.ts';
import { ImageAvatar } from '../../shared/ui/ImageAvatar.tsx';
import { PageContainer } from '../../shared/ui/PageContainer.tsx';
import { PageLoading } from '../../shared/ui/PageLoading.tsx';
import { Panel } from '../../shared/ui/Panel.tsx';
import { QueryContent, QueryErrorState } from '../../shared/ui/QueryErrorState.tsx';
import {
  useParticipant,
  useParticipantActivity,
  useParticipantAlerts,
  useParticipantOrders,
  useParticipantRecords,
  useParticipantSummary,
} from './api.ts';
import { LatestRecordSteps } from './components/LatestRecordSteps.tsx';
import { ParticipantPicker } from './components/ParticipantPicker.tsx';
import {
  AlertTable,
  OrderTable,
  RecordTable,
  reportPath,
  TAB_PAGE_SIZE,
} from './components/ProfileTables.tsx';

/** `?id=` as a participant id, or undefined. */
const idOf = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

/** The template's advanced profile: one participant, their records, orders, alerts and activity. */
export default function ParticipantProfilePage() {
  const { t } = useTranslation();
  const allowed = usePermission();
  const [params] = useSearchParams();
  const id = idOf(params.get('id'));
  const mayRead = id !== undefined && allowed('participants', 'get');
  // The person's name heads the page and names its tab once known (the detail below asks the same query).
  const person = useParticipant(id ?? 0, mayRead);
  const name = person.data && participantName(t, person.data);
  useTabTitle(`/profile/advanced?id=${id}`, name);
  return (
    <PageContainer title={name ?? t('menu.advancedProfile')} content={t('participantProfile.description')}>
      {id === undefined ? (
        <ParticipantPicker />
      ) : mayRead ? (
        <Profile key={id} id={id} />
      ) : (
        <Panel>
          <Empty description={t('participantProfile.noDetail')} />
        </Panel>
      )}
    </PageContainer>
  );
}

function Profile({ id }: { id: number }) {
  const { t } = useTranslation();
  const detail = useParticipant(id);
  return (
    <QueryContent query={detail} errorTitle={t('participantProfile.loadFailed')}>
      {detail.data ? <ProfileBody participant={detail.data} /> : <PageLoading />}
    </QueryContent>
  );
}

function ProfileBody({ participant }: { participant: Participant }) {
  const { t } = useTranslation();
  const allowed = usePermission();
  const can = {
    records: allowed('records', 'query'),
    orders: allowed('orders', 'query'),
    alerts: allowed('alerts', 'query'),
  };
  const participantId = participant.id;
  const [pages, setPages] = useState({ records: 1, orders: 1, alerts: 1 });
  const paging = (tab: keyof typeof pages) => ({
    pageNo: pages[tab],
    onPage: (pageNo: number) => setPages((was) => ({ ...was, [tab]: pageNo })),
  });

  const records = useParticipantRecords(
    { participantId, pageNo: pages.records, pageSize: TAB_PAGE_SIZE },
    can.records,
  );
  const newest = useParticipantRecords({ participantId, pageNo: 1, pageSize: TAB_PAGE_SIZE }, can.records);
  const orders = useParticipantOrders(
    { participantId, pageNo: pages.orders, pageSize: TAB_PAGE_SIZE },
    can.orders,
  );
  const alerts = useParticipantAlerts(
    { participantId, pageNo: pages.alerts, pageSize: TAB_PAGE_SIZE },
    can.alerts,
  );
  const figures = useParticipantSummary(participantId, can.records || can.orders || can.alerts);
  const summary = figures.data;
  const latest = newest.data?.data[0];

  const tabs: { key: string; label: string; children: ReactNode }[] = [
    ...(can.records
      ? [
          {
            key: 'records',
            label: t('participantProfile.tab.records'),
            children: (
              <QueryContent query={records} errorTitle={t('participantProfile.tab.loadFailed.records')}>
                <RecordTable page={records.data} loading={records.isFetching} {...paging('records')} />
              </QueryContent>
            ),
          },
        ]
      : []),
    ...(can.orders
      ? [
          {
            key: 'orders',
            label: t('participantProfile.tab.orders'),
            children: (
              <QueryContent query={orders} errorTitle={t('participantProfile.tab.loadFailed.orders')}>
                <OrderTable page={orders.data} loading={orders.isFetching} {...paging('orders')} />
              </QueryContent>
            ),
          },
        ]
      : []),
    ...(can.alerts
      ? [
          {
            key: 'alerts',
            label: t('participantProfile.tab.alerts'),
            children: (
              <QueryContent query={alerts} errorTitle={t('participantProfile.tab.loadFailed.alerts')}>
                <AlertTable page={alerts.data} loading={alerts.isFetching} {...paging('alerts')} />
              </QueryContent>
            ),
          },
        ]
      : []),
    // The server leaves out each area the role may not read; with none there is nothing to show.
    ...(can.records || can.orders || can.alerts
      ? [
          {
            key: 'activity',
            label: t('participantProfile.tab.activity'),
            children: <ActivityTimeline participantId={participantId} />,
          },
        ]
      : []),
  ];

  return (
    <>
      <ProfileHeader participant={participant} />
      <Panel>
        {figures.isError && (
          <div style={{ marginBottom: 16 }}>
            <QueryErrorState
              compact
              error={figures.error}
              title={t('participantProfile.figures.loadFailed')}
              onRetry={() => void figures.refetch()}
              retrying={figures.isFetching}
            />
          </div>
        )}
        <Flex wrap gap={16} role="region" aria-label={t('participantProfile.figures.title')}>
          <Figure label={t('participantProfile.figures.records')} value={participant.recordCount} />
          {can.records && (
            <Figure
              label={t('participantProfile.figures.submitted')}
              value={summary?.submitted}
              failed={figures.isError}
            />
          )}
          {can.orders && (
            <Figure
              label={t('participantProfile.figures.paid')}
              value={
                summary?.netPaidFen === undefined
                  ? undefined
                  : formatYuan(summary.netPaidFen, { symbol: true })
              }
              failed={figures.isError}
            />
          )}
          {can.alerts && (
            <Figure
              label={t('participantProfile.figures.openAlerts')}
              value={summary?.openAlerts}
              failed={figures.isError}
            />
          )}
        </Flex>
      </Panel>
      {latest && <LatestRecordSteps record={latest} />}
      <Panel bodyStyle={{ paddingTop: 0 }}>
        <Tabs items={tabs} />
      </Panel>
    </>
  );
}

/**
 * What the participant did, newest first (merged on the server), a page at a time with "Load more". Read when
 * the tab is first opened. A failed "Load more" is retried by asking for that page again.
 */
function ActivityTimeline({ participantId }: { participantId: number }) {
  const { t } = useTranslation();
  const language = useTextLanguage();
  const allowed = usePermission();
  // An order's events open its profile (orders.get); an alert opens its follow-up in the alerts queue
  // (alerts.query with alerts.get); a record's events, and an alert the role may not open, the record's report
  // on the records page (records.query with records.get).
  const canOpenOrder = allowed('orders', 'get');
  const canOpenAlert = useCanOpenAlert();
  const canOpenRecord = allowed('records', 'query') && allowed('records', 'get');
  const pathOf = (event: ParticipantActivity) => {
    if (event.orderId !== null) return canOpenOrder ? `/profile/basic?id=${event.orderId}` : null;
    if (event.alertId !== null && canOpenAlert) return alertPath(event.alertId);
    return canOpenRecord ? reportPath(participantId, event.recordId) : null;
  };
  const activity = useParticipantActivity(participantId);
  const events = activity.data?.pages.flatMap((page) => page.data) ?? [];
  const retry = activity.isFetchNextPageError ? activity.fetchNextPage : activity.refetch;
  return (
    <QueryContent
      query={{ ...activity, refetch: retry }}
      errorTitle={t('participantProfile.activity.loadFailed')}
    >
      {activity.data === undefined ? (
        <PageLoading />
      ) : events.length === 0 ? (
        <Empty description={t('participantProfile.activity.empty')} />
      ) : (
        <Flex vertical align="flex-start" gap={8}>
          <Timeline
            style={{ alignSelf: 'stretch' }}
            items={events.map((event) => ({
              key: event.key,
              color: event.kind === 'alert' ? 'red' : event.kind === 'paid' ? 'green' : 'blue',
              content: (
                <Flex vertical gap={2}>
                  <ActivityText path={pathOf(event)}>
                    {t(`participantProfile.activity.${event.kind}`, {
                      title: localized(event.title, language),
                    })}
                  </ActivityText>
                  <Typography.Text type="secondary">{formatDateTime(event.time)}</Typography.Text>
                </Flex>
              ),
            }))}
          />
          {activity.hasNextPage && (
            <Button onClick={() => void activity.fetchNextPage()} loading={activity.isFetchingNextPage}>
              {t('participantProfile.activity.loadMore')}
            </Button>
          )}
        </Flex>
      )}
    </QueryContent>
  );
}

/** An event's words, a link to what it happened to when the role may open that. */
const ActivityText = ({ path, children }: { path: string | null; children: ReactNode }) =>
  path ? <Link to={path}>{children}</Link> : <span>{children}</span>;

/** A key figure: "…" while it loads, "not loaded" when its query failed (the alert above offers a retry). */
function Figure({ label, value, failed = false }: { label: string; value: ReactNode; failed?: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={4} style={{ flex: '1 1 120px', minWidth: 0 }}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      {/* A failed refetch keeps the figure it had. */}
      {value === undefined && failed ? (
        <Typography.Text type="danger">{t('participantProfile.figures.failed')}</Typography.Text>
      ) : (
        <span style={{ fontSize: token.fontSizeHeading4, color: token.colorTextHeading }}>
          {value ?? '…'}
        </span>
      )}
    </Flex>
  );
}

function ProfileHeader({ participant }: { participant: Participant }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const name = participantName(t, participant);
  const block = useBlockToggle(participant);

  return (
    <Panel>
      <Flex gap={12} align="center" wrap style={{ marginBottom: 16 }}>
        <ImageAvatar src={participant.avatar ?? undefined} icon={<UserOutlined />} />
        {/* The page's heading names them already: here it stands beside their picture and status. */}
        <strong
          style={{
            minWidth: 0,
            overflowWrap: 'anywhere',
            color: token.colorTextHeading,
            fontSize: token.fontSizeHeading5,
            fontWeight: token.fontWeightStrong,
          }}
        >
          {name}
        </strong>
        {participant.erased ? (
          <Tag>{t('participants.status.erased')}</Tag>
        ) : (
          <Tag color={block.blocked ? 'error' : 'success'}>
            {t(`participants.status.${participant.status}`)}
          </Tag>
        )}
        {block.allowed && (
          <Button danger={!block.blocked} onClick={block.confirm} style={{ marginInlineStart: 'auto' }}>
            {t(`participants.action.${block.toggle}`)}
          </Button>
        )}
      </Flex>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          { key: 'id', label: t('participants.field.id'), children: participant.id },
          { key: 'phone', label: t('participants.field.phone'), children: participant.phone ?? '—' },
          {
            key: 'wechat',
            label: t('participants.field.wechat'),
            children: t(`participants.wechat.${participant.wechat ? 'bound' : 'unbound'}`),
          },
          {
            key: 'firstSeen',
            label: t('participants.field.firstSeen'),
            children: formatDateTime(participant.firstSeenTime),
          },
          {
            key: 'lastSeen',
            label: t('participants.field.lastSeen'),
            children: formatDateTime(participant.lastSeenTime),
          },
        ]}
      />
    </Panel>
  );
}
