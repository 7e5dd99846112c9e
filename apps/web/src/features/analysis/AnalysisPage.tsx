import { Col, Flex, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../shared/permissions/usePermission.ts';
import { PageContainer } from '../../shared/ui/PageContainer.tsx';
import { OverviewCards } from './components/OverviewCards.tsx';
import { PeriodPicker } from './components/PeriodPicker.tsx';
import { SalesProportion } from './components/SalesProportion.tsx';
import { TopTests } from './components/TopTests.tsx';
import { TrendCard } from './components/TrendCard.tsx';
import { presetPeriod } from './period.ts';

/**
 * The template's analysis dashboard on the service's data: sales from paid orders (shown to `orders.query`),
 * visits from test records (`records.query`). The period above applies to every section below the top cards.
 */
export default function AnalysisPage() {
  const { t } = useTranslation();
  const can = usePermission();
  const sales = can('orders', 'query');
  const visits = can('records', 'query');
  const [period, setPeriod] = useState(() => presetPeriod('month'));
  return (
    <PageContainer
      title={t('menu.analysis')}
      content={t('analysis.description')}
      extra={<PeriodPicker value={period} onChange={setPeriod} />}
    >
      <Flex vertical gap={16}>
        <OverviewCards sales={sales} visits={visits} />
        <TrendCard period={period} sales={sales} visits={visits} />
        <Row gutter={[16, 16]}>
          {visits && (
            <Col xs={24} xl={sales ? 12 : 24}>
              <TopTests period={period} />
            </Col>
          )}
          {sales && (
            <Col xs={24} xl={visits ? 12 : 24}>
              <SalesProportion period={period} />
            </Col>
          )}
        </Row>
      </Flex>
    </PageContainer>
  );
}
