import { localized } from '@cool/shared';
import { Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTextLanguage } from '../../../shared/i18n/contentText.ts';
import { usePermission } from '../../../shared/permissions/usePermission.ts';
import { formatDateTime } from '../../../shared/ui/format.ts';
import { ItemList } from '../../../shared/ui/ItemList.tsx';
import { Panel } from '../../../shared/ui/Panel.tsx';
import { QueryContent } from '../../../shared/ui/QueryErrorState.tsx';
import { useRecentTests } from '../api.ts';

const STATUS_COLOURS = { draft: 'default', on_shelf: 'success', off_shelf: 'warning' } as const;

/** The template's projects in progress: the tests changed most recently, each opening its questions. */
export function RecentTests() {
  const { t } = useTranslation();
  const language = useTextLanguage();
  // The questions page needs questions.query (finance reads the tests without it): else the title is text.
  const canOpenQuestions = usePermission()('questions', 'query');
  const query = useRecentTests();
  return (
    <Panel
      title={t('workplace.tests.title')}
      extra={<Link to="/game">{t('workplace.tests.more')}</Link>}
      bodyStyle={{ paddingBlock: 0 }}
    >
      <QueryContent query={query} errorTitle={t('workplace.tests.loadFailed')}>
        <ItemList
          label={t('workplace.tests.title')}
          loading={query.isLoading}
          empty={t('workplace.tests.empty')}
          rows={(query.data?.data ?? []).map((test) => ({
            key: test.id,
            title: canOpenQuestions ? (
              <Link to={`/qtable?testId=${test.id}`}>{localized(test.title, language)}</Link>
            ) : (
              localized(test.title, language)
            ),
            description: (
              <Flex wrap gap={8} align="center">
                <Tag color={STATUS_COLOURS[test.status]} style={{ marginInlineEnd: 0 }}>
                  {t(`workplace.tests.status.${test.status}`)}
                </Tag>
                {test.version > 0 && <span>{t('workplace.tests.version', { version: test.version })}</span>}
                <span>{formatDateTime(test.updateTime)}</span>
              </Flex>
            ),
          }))}
        />
      </QueryContent>
    </Panel>
  );
}
