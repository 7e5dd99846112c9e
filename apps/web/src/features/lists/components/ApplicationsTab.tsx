import { UserOutlined } from '@ant-design/icons';
import { formatNumber } from '@cool/shared';
import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/ui/format.ts';
import { ImageAvatar } from '../../../shared/ui/ImageAvatar.tsx';
import { useParticipantSearch } from '../api.ts';
import { participantProfilePath } from '../paths.ts';
import { CardGrid } from './CardGrid.tsx';
import { ListPager } from './ListPager.tsx';
import { ListResults } from './ListResults.tsx';
import type { SearchTabProps } from './searchTab.ts';

const PAGE_SIZE = 12;

/** Applications: the participants whose nickname has the keyword, each leading to their profile. */
export function ApplicationsTab({ keyword, pageNo, onPage }: SearchTabProps) {
  const { t } = useTranslation();
  const list = useParticipantSearch({
    nickname: keyword,
    pageNo,
    pageSize: PAGE_SIZE,
    sortField: 'lastSeenTime',
    sortOrder: 'descend',
  });
  return (
    <Flex vertical gap={16}>
      <ListResults query={list}>
        {(items) => (
          <CardGrid label={t('lists.search.tab.applications')}>
            {items.map((participant) => {
              const name = participant.erased
                ? t('lists.search.erased', { id: participant.id })
                : participant.nickname || t('lists.search.anonymous', { id: participant.id });
              return (
                <li key={participant.id} aria-label={name}>
                  <Card size="small">
                    <Flex gap={12} align="center">
                      <ImageAvatar src={participant.avatar ?? undefined} icon={<UserOutlined />} />
                      <Flex vertical style={{ minWidth: 0 }}>
                        <Link
                          to={participantProfilePath(participant.id)}
                          style={{ overflowWrap: 'anywhere' }}
                        >
                          {name}
                        </Link>
                        <Typography.Text type="secondary">
                          {t('lists.records', { n: formatNumber(participant.recordCount) })}
                        </Typography.Text>
                        <Typography.Text type="secondary">
                          {t('lists.search.lastSeen', { time: formatDateTime(participant.lastSeenTime) })}
                        </Typography.Text>
                      </Flex>
                    </Flex>
                  </Card>
                </li>
              );
            })}
          </CardGrid>
        )}
      </ListResults>
      <ListPager page={list.data} pageNo={pageNo} pageSize={PAGE_SIZE} onChange={onPage} />
    </Flex>
  );
}
