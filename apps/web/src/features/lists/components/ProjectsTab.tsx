import { AppstoreOutlined } from '@ant-design/icons';
import { formatNumber } from '@cool/shared';
import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTextLanguage } from '../../../shared/i18n/contentText.ts';
import { usePermission } from '../../../shared/permissions/usePermission.ts';
import { ImageAvatar } from '../../../shared/ui/ImageAvatar.tsx';
import { useCategorySearch } from '../api.ts';
import { CardGrid } from './CardGrid.tsx';
import { ListPager } from './ListPager.tsx';
import { ListResults } from './ListResults.tsx';
import type { SearchTabProps } from './searchTab.ts';

const PAGE_SIZE = 12;

/** Projects: the categories whose name has the keyword, with how many tests each holds. */
export function ProjectsTab({ keyword, pageNo, onPage }: SearchTabProps) {
  const { t } = useTranslation();
  const language = useTextLanguage();
  // The tests page needs tests.query: without it the count leads nowhere.
  const canOpenTests = usePermission()('tests', 'query');
  const list = useCategorySearch({ name: keyword, pageNo, pageSize: PAGE_SIZE });
  return (
    <Flex vertical gap={16}>
      <ListResults query={list}>
        {(items) => (
          <CardGrid label={t('lists.search.tab.projects')}>
            {items.map((category) => {
              const name = language === 'zh' ? category.nameZh : category.nameEn;
              return (
                <li key={category.id} aria-label={name}>
                  <Card size="small">
                    <Flex gap={12} align="center">
                      <ImageAvatar
                        src={category.iconUrl ?? undefined}
                        icon={<AppstoreOutlined />}
                        shape="square"
                      />
                      <Flex vertical style={{ minWidth: 0 }}>
                        <Typography.Text strong ellipsis={{ tooltip: name }}>
                          {name}
                        </Typography.Text>
                        {canOpenTests ? (
                          <Link to={`/game?categoryId=${category.id}`}>
                            {t('lists.search.testCount', { n: formatNumber(category.testCount) })}
                          </Link>
                        ) : (
                          <Typography.Text>
                            {t('lists.search.testCount', { n: formatNumber(category.testCount) })}
                          </Typography.Text>
                        )}
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
