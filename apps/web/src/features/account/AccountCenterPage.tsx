import { UserOutlined } from '@ant-design/icons';
import type { AuditEntry, PermissionId, Profile, SignInEntry } from '@cool/shared';
import { Avatar, Card, Col, Divider, Flex, Row, Table, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/http/errorText.ts';
import { roleName, staffName } from '../../shared/staff/builtInNames.ts';
import { formatDateTime } from '../../shared/ui/format.ts';
import { useNotices } from '../../shared/ui/notices.ts';
import { PageContainer } from '../../shared/ui/PageContainer.tsx';
import { QueryContent } from '../../shared/ui/QueryErrorState.tsx';
import { useAccountActivity, useProfile, useSaveProfile } from './api.ts';
import { AvatarUploadField } from './components/AvatarUploadField.tsx';

/** Saves a new avatar (or none) with the rest of the profile as it is, and shows it in the header at once. */
export function useSaveAvatar(profile: Profile | undefined) {
  const { t } = useTranslation();
  const { message } = useNotices();
  const saveProfile = useSaveProfile();
  return async (avatar: string | null) => {
    if (!profile) return;
    try {
      await saveProfile({
        email: profile.email ?? '',
        name: profile.name,
        profile: profile.profile,
        country: profile.country,
        region: profile.region,
        address: profile.address,
        avatar,
      });
    } catch (error) {
      // The profile's required fields may still be empty: say so rather than lose the picture silently.
      message.error(errorText(error, t));
    }
  };
}

function ProfileCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const saveAvatar = useSaveAvatar(profile);
  return (
    <Card>
      <Flex vertical align="center" gap={12}>
        <Avatar size={104} src={profile.avatar || undefined} icon={<UserOutlined />} />
        {/* Only its upload button: the avatar above is the picture. */}
        <AvatarUploadField value={null} onChange={saveAvatar} />
        <Typography.Title level={4} style={{ margin: 0 }}>
          {staffName(t, profile)}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginBottom: 0 }}>
          {profile.profile || t('account.center.noProfile')}
        </Typography.Paragraph>
      </Flex>
      <Divider dashed />
      <Typography.Text strong>{t('account.center.role')}: </Typography.Text>
      <Typography.Text>
        {profile.role ? roleName(t, profile.role) : t('account.center.noRole')}
      </Typography.Text>
      <Divider dashed />
      <Typography.Text strong>{t('account.center.permissions')}</Typography.Text>
      <Flex vertical gap={6} style={{ marginTop: 8 }}>
        {(profile.role?.permissions ?? []).map((entry) => (
          <Flex key={entry.permissionId} wrap gap={4} align="center">
            <Typography.Text style={{ marginInlineEnd: 4 }}>
              {t(`account.permission.${entry.permissionId as PermissionId}`)}
            </Typography.Text>
            {entry.actionList.map((action) => (
              <Tag key={action} style={{ marginInlineEnd: 0 }}>
                {t(`account.actionName.${action}`)}
              </Tag>
            ))}
          </Flex>
        ))}
      </Flex>
    </Card>
  );
}

function Activity() {
  const { t } = useTranslation();
  const query = useAccountActivity();
  const time = { title: t('account.center.time'), dataIndex: 'time', render: formatDateTime, width: 180 };
  // Both tabs' tables but for their rows and columns.
  const table = {
    rowKey: 'id',
    size: 'small',
    pagination: false,
    scroll: { x: 480 },
    locale: { emptyText: t('account.center.none') },
    loading: query.isPending,
  } as const;
  return (
    <Card>
      <QueryContent query={query} errorTitle={t('account.center.actionsFailed')}>
        <Tabs
          items={[
            {
              key: 'signIns',
              label: t('account.center.signIns'),
              children: (
                <Table<SignInEntry>
                  {...table}
                  dataSource={query.data?.signIns}
                  columns={[
                    time,
                    {
                      title: t('account.center.outcome'),
                      dataIndex: 'outcome',
                      render: (outcome: SignInEntry['outcome']) => (
                        <Tag color={outcome === 'success' ? 'green' : 'red'}>
                          {t(`account.center.${outcome}`)}
                        </Tag>
                      ),
                    },
                    { title: t('account.center.ip'), dataIndex: 'ip' },
                  ]}
                />
              ),
            },
            {
              key: 'actions',
              label: t('account.center.actions'),
              children: (
                <Table<AuditEntry>
                  {...table}
                  dataSource={query.data?.actions}
                  columns={[
                    time,
                    {
                      title: t('account.center.action'),
                      dataIndex: 'action',
                      render: (action: string) => t(`audit.verb.${action}`, { defaultValue: action }),
                    },
                    {
                      title: t('account.center.record'),
                      key: 'record',
                      render: (_, entry) =>
                        `${t(`audit.entity.${entry.entityType}`, { defaultValue: entry.entityType })}${entry.entityId ? ` #${entry.entityId}` : ''}`,
                    },
                  ]}
                />
              ),
            },
          ]}
        />
      </QueryContent>
    </Card>
  );
}

/** The account center (template): avatar, nickname, profile, role and permissions; recent activity. */
export default function AccountCenterPage() {
  const { t } = useTranslation();
  const query = useProfile();
  return (
    <PageContainer title={t('menu.accountCenter')}>
      <QueryContent query={query} errorTitle={t('account.center.profileFailed')}>
        {query.data && (
          <Row gutter={[24, 24]}>
            <Col xs={24} lg={8}>
              <ProfileCard profile={query.data} />
            </Col>
            <Col xs={24} lg={16}>
              <Activity />
            </Col>
          </Row>
        )}
      </QueryContent>
    </PageContainer>
  );
}
