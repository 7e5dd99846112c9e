import {
  formatNumber,
  localized,
  TEST_STATUSES,
  type TestProgress,
  type TestStatus,
  testProgressQuerySchema,
} from '@cool/shared';
import { Flex, Input, Progress, Radio, Spin, Tag, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTextLanguage } from '../../shared/i18n/contentText.ts';
import { useListState } from '../../shared/list/useListState.ts';
import { usePermission } from '../../shared/permissions/usePermission.ts';
import { formatDateTime } from '../../shared/ui/format.ts';
import { PageContainer } from '../../shared/ui/PageContainer.tsx';
import { Panel } from '../../shared/ui/Panel.tsx';
import { QueryErrorState } from '../../shared/ui/QueryErrorState.tsx';
import { useTestProgress, useTestProgressSummary } from './api.ts';
import { BARE_LIST } from './components/CardGrid.tsx';
import { Figure } from './components/Figure.tsx';
import { ListPager } from './components/ListPager.tsx';
import { ListResults } from './components/ListResults.tsx';
import { TestCover } from './components/TestCover.tsx';
import { TestStatusTag } from './components/TestStatusTag.tsx';
import { completionPercent, editPath, questionsPath } from './paths.ts';

/** The template's basic list: the tests, each with how many of its started records were submitted. */
export default function BasicListPage() {
  const { t, i18n } = useTranslation();
  const listState = useListState(testProgressQuerySchema);
  const { query } = listState;
  const list = useTestProgress(query);
  // "This week" as the user's calendar has it: a Chinese week starts on Monday, an American one on Sunday.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the week's start follows the language's locale.
  const weekFrom = useMemo(() => dayjs().startOf('week').toISOString(), [i18n.language]);
  const summary = useTestProgressSummary({ weekFrom });
  const figures = summary.data;

  return (
    <PageContainer title={t('menu.basicList')} content={t('lists.basic.description')}>
      <Panel>
        {summary.isError && !figures ? (
          // A failure said as such, with a retry: dashes would read as "nothing yet".
          <QueryErrorState
            compact
            error={summary.error}
            title={t('lists.basic.figuresFailed')}
            onRetry={() => summary.refetch()}
            retrying={summary.isFetching}
          />
        ) : (
          <Flex wrap gap={16} role="region" aria-label={t('lists.basic.figures')} aria-busy={!figures}>
            <Figure
              label={t('lists.basic.published')}
              value={figures ? formatNumber(figures.publishedCount) : <Spin size="small" />}
            />
            <Figure
              label={t('lists.basic.recordsThisWeek')}
              value={figures ? formatNumber(figures.recordsThisWeek) : <Spin size="small" />}
            />
            <Figure
              label={t('lists.basic.averageCompletion')}
              value={
                figures ? (
                  `${completionPercent(figures.submittedCount, figures.recordCount)}%`
                ) : (
                  <Spin size="small" />
                )
              }
            />
          </Flex>
        )}
      </Panel>
      <Panel
        title={t('lists.basic.listTitle')}
        bodyStyle={{ display: 'flex', flexDirection: 'column', gap: 16 }}
      >
        <Flex wrap gap={12} justify="space-between">
          <Radio.Group
            optionType="button"
            value={query.status ?? ''}
            onChange={(event) =>
              listState.search({
                ...listState.filters,
                status: (event.target.value || undefined) as TestStatus,
              })
            }
            options={[
              { value: '', label: t('lists.status.all') },
              ...TEST_STATUSES.map((status) => ({ value: status, label: t(`lists.status.${status}`) })),
            ]}
          />
          <Input.Search
            allowClear
            defaultValue={query.keyword}
            key={query.keyword ?? ''}
            placeholder={t('lists.keywordPlaceholder')}
            aria-label={t('lists.keyword')}
            style={{ width: 272, maxWidth: '100%' }}
            onSearch={(keyword) =>
              listState.search({ ...listState.filters, keyword: keyword.trim() || undefined })
            }
          />
        </Flex>
        <ListResults query={list}>
          {(items) => (
            <ul aria-label={t('lists.basic.listTitle')} style={BARE_LIST}>
              {items.map((test) => (
                <TestRow key={test.id} test={test} />
              ))}
            </ul>
          )}
        </ListResults>
        <ListPager
          page={list.data}
          pageNo={query.pageNo}
          pageSize={query.pageSize}
          onChange={(pageNo) => listState.update({ pageNo })}
        />
      </Panel>
    </PageContainer>
  );
}

function TestRow({ test }: { test: TestProgress }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const allowed = usePermission();
  // The questions page needs questions.query; a role without it sees the title but no way in.
  const canOpenQuestions = allowed('questions', 'query');
  const canEdit = allowed('tests', 'edit');
  const language = useTextLanguage();
  const title = localized(test.title, language);
  const titleStyle = { fontWeight: token.fontWeightStrong, overflowWrap: 'anywhere' } as const;
  const percent = completionPercent(test.submittedCount, test.recordCount);
  return (
    <Flex
      component="li"
      aria-label={title}
      wrap
      align="center"
      gap={16}
      style={{ padding: `${token.padding}px 0`, borderBottom: `1px solid ${token.colorSplit}` }}
    >
      <Flex gap={12} style={{ flex: '1 1 280px', minWidth: 0 }}>
        <TestCover coverUrl={test.coverUrl} />
        <Flex vertical gap={4} style={{ minWidth: 0 }}>
          {canOpenQuestions ? (
            <Link to={questionsPath(test.id)} style={titleStyle}>
              {title}
            </Link>
          ) : (
            <span style={titleStyle}>{title}</span>
          )}
          <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
            {localized(test.subtitle, language) || t('lists.noDescription')}
          </Typography.Text>
          <Flex wrap gap={4}>
            <TestStatusTag status={test.status} />
            {test.categories.map((category) => (
              <Tag key={category.id}>{language === 'zh' ? category.nameZh : category.nameEn}</Tag>
            ))}
          </Flex>
        </Flex>
      </Flex>
      <Flex vertical gap={2} style={{ flex: '1 1 120px', minWidth: 0, maxWidth: 200 }}>
        <Typography.Text type="secondary">{t('lists.basic.owner')}</Typography.Text>
        <span>{test.owner ?? '—'}</span>
      </Flex>
      <Flex vertical gap={2} style={{ flex: '1 1 120px', minWidth: 0, maxWidth: 200 }}>
        <Typography.Text type="secondary">
          {test.publishTime ? t('lists.basic.onShelfSince') : t('lists.basic.updated')}
        </Typography.Text>
        <span>{formatDateTime(test.publishTime ?? test.updateTime)}</span>
      </Flex>
      <Flex vertical gap={2} style={{ flex: '1 1 180px', minWidth: 0 }}>
        {test.recordCount === 0 ? (
          // Nothing started, nothing to complete: no "0 of 0" and no empty bar.
          <Typography.Text type="secondary">{t('lists.basic.notTaken')}</Typography.Text>
        ) : (
          <>
            <Typography.Text type="secondary">
              {t('lists.basic.completion', {
                submitted: formatNumber(test.submittedCount),
                started: formatNumber(test.recordCount),
              })}
            </Typography.Text>
            <Progress
              percent={percent}
              size="small"
              status={percent === 100 ? 'success' : 'active'}
              aria-label={t('lists.basic.completionOf', { title })}
            />
          </>
        )}
      </Flex>
      {(canOpenQuestions || canEdit) && (
        <Flex gap={12} style={{ flex: 'none' }}>
          {canOpenQuestions && <Link to={questionsPath(test.id)}>{t('lists.action.questions')}</Link>}
          {canEdit && <Link to={editPath(test, language)}>{t('lists.action.edit')}</Link>}
        </Flex>
      )}
    </Flex>
  );
}
