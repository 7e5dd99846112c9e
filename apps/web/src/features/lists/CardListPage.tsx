import { PlusOutlined } from '@ant-design/icons';
import {
  formatNumber,
  formatYuan,
  localized,
  type TestProgress,
  testProgressQuerySchema,
} from '@cool/shared';
import { Card, Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTextLanguage } from '../../shared/i18n/contentText.ts';
import { useListState } from '../../shared/list/useListState.ts';
import { usePermission } from '../../shared/permissions/usePermission.ts';
import { PageContainer } from '../../shared/ui/PageContainer.tsx';
import { useTestProgress } from './api.ts';
import { CardGrid } from './components/CardGrid.tsx';
import { ListPager } from './components/ListPager.tsx';
import { ListResults } from './components/ListResults.tsx';
import { TestCover } from './components/TestCover.tsx';
import { TestStatusTag } from './components/TestStatusTag.tsx';
import { questionsPath, recordsPath } from './paths.ts';

const CARD_HEIGHT = 196;

/** The template's card list: the tests as cards, with their price and records, and a card to add one. */
export default function CardListPage() {
  const { t } = useTranslation();
  const allowed = usePermission();
  const listState = useListState(testProgressQuerySchema);
  const { query } = listState;
  const list = useTestProgress(query);

  return (
    <PageContainer title={t('menu.cardList')} content={t('lists.card.description')}>
      <ListResults query={list} alwaysDrawn>
        {(items) => (
          <CardGrid label={t('lists.card.listTitle')} min={260}>
            {allowed('tests', 'add') && <NewTestCard />}
            {items.map((test) => (
              <TestCard
                key={test.id}
                test={test}
                showQuestions={allowed('questions', 'query')}
                showRecords={allowed('records', 'query')}
              />
            ))}
          </CardGrid>
        )}
      </ListResults>
      <ListPager
        page={list.data}
        pageNo={query.pageNo}
        pageSize={query.pageSize}
        onChange={(pageNo) => listState.update({ pageNo })}
      />
    </PageContainer>
  );
}

function NewTestCard() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <li>
      <Link
        to="/game"
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 8,
          minHeight: CARD_HEIGHT,
          border: `1px dashed ${token.colorBorder}`,
          borderRadius: token.borderRadiusLG,
          background: token.colorBgContainer,
          color: token.colorTextSecondary,
        }}
      >
        <PlusOutlined /> {t('lists.card.newTest')}
      </Link>
    </li>
  );
}

function TestCard({
  test,
  showQuestions,
  showRecords,
}: {
  test: TestProgress;
  showQuestions: boolean;
  showRecords: boolean;
}) {
  const { t } = useTranslation();
  const language = useTextLanguage();
  const title = localized(test.title, language);
  return (
    <li aria-label={title}>
      <Card
        styles={{ body: { minHeight: CARD_HEIGHT - 48, display: 'flex', flexDirection: 'column', gap: 12 } }}
        actions={[
          ...(showQuestions
            ? [
                <Link key="questions" to={questionsPath(test.id)}>
                  {t('lists.action.questions')}
                </Link>,
              ]
            : []),
          ...(showRecords
            ? [
                <Link key="records" to={recordsPath(test.id)}>
                  {t('lists.action.records')}
                </Link>,
              ]
            : []),
        ]}
      >
        <Flex gap={12} align="start">
          <TestCover coverUrl={test.coverUrl} />
          <Flex vertical gap={4} style={{ minWidth: 0 }}>
            {/* Whole, wrapping: cut to one line, a test and its copy would look the same. */}
            <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Typography.Text>
            <div>
              <TestStatusTag status={test.status} />
            </div>
          </Flex>
        </Flex>
        <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0, flex: 1 }}>
          {localized(test.subtitle, language) || t('lists.noDescription')}
        </Typography.Paragraph>
        <Flex justify="space-between" gap={8} wrap>
          <span>
            {test.priceFen === 0 ? t('lists.card.free') : formatYuan(test.priceFen, { symbol: true })}
          </span>
          <Typography.Text type="secondary">
            {t('lists.records', { n: formatNumber(test.recordCount) })}
          </Typography.Text>
        </Flex>
      </Card>
    </li>
  );
}
