import { formatNumber, localized } from '@cool/shared';
import { Flex, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTextLanguage } from '../../../shared/i18n/contentText.ts';
import { usePermission } from '../../../shared/permissions/usePermission.ts';
import { formatDateTime } from '../../../shared/ui/format.ts';
import { useTestProgress } from '../api.ts';
import { questionsPath } from '../paths.ts';
import { BARE_LIST } from './CardGrid.tsx';
import { ListPager } from './ListPager.tsx';
import { ListResults } from './ListResults.tsx';
import type { SearchTabProps } from './searchTab.ts';

const PAGE_SIZE = 10;

/** Articles: the tests whose title or description has the keyword. */
export function ArticlesTab({ keyword, pageNo, onPage }: SearchTabProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const language = useTextLanguage();
  // The questions page needs questions.query: without it a title is plain text.
  const canOpenQuestions = usePermission()('questions', 'query');
  const list = useTestProgress({ keyword, pageNo, pageSize: PAGE_SIZE });
  const titleStyle = {
    fontSize: token.fontSizeLG,
    fontWeight: token.fontWeightStrong,
    overflowWrap: 'anywhere',
  } as const;
  return (
    <Flex vertical gap={16}>
      <ListResults query={list}>
        {(items) => (
          <ul aria-label={t('lists.search.tab.articles')} style={BARE_LIST}>
            {items.map((test) => {
              const title = localized(test.title, language);
              return (
                <Flex
                  key={test.id}
                  component="li"
                  aria-label={title}
                  vertical
                  gap={6}
                  style={{
                    padding: `${token.padding}px 0`,
                    borderBottom: `1px solid ${token.colorSplit}`,
                  }}
                >
                  {canOpenQuestions ? (
                    <Link to={questionsPath(test.id)} style={titleStyle}>
                      {title}
                    </Link>
                  ) : (
                    <span style={titleStyle}>{title}</span>
                  )}
                  <Flex wrap gap={4}>
                    {test.categories.map((category) => (
                      <Tag key={category.id}>{language === 'zh' ? category.nameZh : category.nameEn}</Tag>
                    ))}
                  </Flex>
                  <Typography.Text style={{ overflowWrap: 'anywhere' }}>
                    {localized(test.subtitle, language) || t('lists.noDescription')}
                  </Typography.Text>
                  <Typography.Text type="secondary">
                    {[
                      test.owner,
                      t('lists.search.updated', { time: formatDateTime(test.updateTime) }),
                      t('lists.records', { n: formatNumber(test.recordCount) }),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography.Text>
                </Flex>
              );
            })}
          </ul>
        )}
      </ListResults>
      <ListPager page={list.data} pageNo={pageNo} pageSize={PAGE_SIZE} onChange={onPage} />
    </Flex>
  );
}
