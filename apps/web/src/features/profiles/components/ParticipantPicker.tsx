import { UserOutlined } from '@ant-design/icons';
import { Empty, Flex, Input, Spin, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { participantName } from '../../../shared/records/tags.tsx';
import { formatDateTime } from '../../../shared/ui/format.ts';
import { ImageAvatar } from '../../../shared/ui/ImageAvatar.tsx';
import { Panel } from '../../../shared/ui/Panel.tsx';
import { QueryContent } from '../../../shared/ui/QueryErrorState.tsx';
import { useParticipantSearch } from '../api.ts';

/** Without a participant in the URL: find one by nickname (the newest seen first). */
export function ParticipantPicker() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [nickname, setNickname] = useState<string>();
  const list = useParticipantSearch({
    nickname,
    pageNo: 1,
    pageSize: 10,
    sortField: 'lastSeenTime',
    sortOrder: 'descend',
  });
  return (
    <Panel title={t('participantProfile.pick.title')}>
      <Flex vertical gap={16}>
        <Input.Search
          allowClear
          aria-label={t('participantProfile.pick.label')}
          placeholder={t('participantProfile.pick.placeholder')}
          style={{ maxWidth: 360 }}
          onSearch={(value) => setNickname(value.trim() || undefined)}
        />
        <QueryContent query={list} errorTitle={t('participantProfile.pick.loadFailed')}>
          <Spin spinning={list.isFetching}>
            {list.data?.data.length === 0 ? (
              <Empty description={t('participantProfile.pick.empty')} />
            ) : (
              <ul
                aria-label={t('participantProfile.pick.title')}
                style={{ margin: 0, padding: 0, listStyle: 'none' }}
              >
                {list.data?.data.map((participant) => (
                  <Flex
                    key={participant.id}
                    component="li"
                    gap={12}
                    align="center"
                    style={{
                      padding: `${token.paddingXS}px 0`,
                      borderBottom: `1px solid ${token.colorSplit}`,
                    }}
                  >
                    <ImageAvatar src={participant.avatar ?? undefined} icon={<UserOutlined />} size="small" />
                    <Link to={`/profile/advanced?id=${participant.id}`} style={{ overflowWrap: 'anywhere' }}>
                      {participantName(t, participant)}
                    </Link>
                    <Typography.Text type="secondary">
                      {formatDateTime(participant.lastSeenTime)}
                    </Typography.Text>
                  </Flex>
                ))}
              </ul>
            )}
          </Spin>
        </QueryContent>
      </Flex>
    </Panel>
  );
}
