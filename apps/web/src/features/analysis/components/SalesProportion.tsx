import { formatYuan, localized, PAY_CHANNELS, type PayChannel } from '@cool/shared';
import { Empty, Radio, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { useTextLanguage } from '../../../shared/i18n/contentText.ts';
import { Panel } from '../../../shared/ui/Panel.tsx';
import { useSalesByCategory } from '../api.ts';
import type { Period } from '../period.ts';
import { useChartColours } from './charts.tsx';
import { percentOf } from './OverviewCards.tsx';
import { SectionContent } from './SectionContent.tsx';

const CHANNELS = ['all', ...PAY_CHANNELS] as const;

/**
 * The template's proportion of sales: the period's sales by test category in a donut; its All / Online /
 * Stores filter is the payment channel (all, QR code, in WeChat, mobile browser).
 */
export function SalesProportion({ period }: { period: Period }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const colours = useChartColours();
  const language = useTextLanguage();
  const [channel, setChannel] = useState<(typeof CHANNELS)[number]>('all');
  const query = useSalesByCategory({
    from: period.from,
    to: period.to,
    ...(channel !== 'all' && { channel: channel as PayChannel }),
  });
  const data = query.data;
  const slices = (data?.categories ?? []).map((c, index) => ({
    key: c.categoryId ?? 0,
    name: c.name ? localized(c.name, language) : t('analysis.uncategorized'),
    value: c.amountFen,
    colour: colours.series[index % colours.series.length] as string,
  }));
  const total = data?.totalFen ?? 0;
  return (
    <Panel title={t('analysis.proportionOfSales')}>
      <SectionContent query={query} part={t('analysis.proportionOfSales')}>
        <Radio.Group
          aria-label={t('analysis.channel.label')}
          optionType="button"
          value={channel}
          onChange={(event) => setChannel(event.target.value)}
          options={CHANNELS.map((value) => ({ value, label: t(`analysis.channel.${value}`) }))}
          style={{ display: 'flex', flexWrap: 'wrap', rowGap: 8 }}
        />
        <div style={{ color: token.colorTextSecondary }}>{t('analysis.proportionHint')}</div>
        {data && slices.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('analysis.empty')} />
        ) : (
          <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: token.marginLG }}>
            <div style={{ position: 'relative', flex: '1 1 200px', minWidth: 0, height: 240 }}>
              <ResponsiveContainer width="100%" height={240}>
                <PieChart>
                  <Pie
                    isAnimationActive={false}
                    data={slices}
                    dataKey="value"
                    nameKey="name"
                    innerRadius="60%"
                    outerRadius="85%"
                    paddingAngle={1}
                    stroke={token.colorBgContainer}
                  >
                    {slices.map((slice) => (
                      <Cell key={slice.key} fill={slice.colour} />
                    ))}
                  </Pie>
                  <Tooltip
                    {...colours.tooltip}
                    formatter={(value, name) => [formatYuan(Number(value), { symbol: true }), name]}
                  />
                </PieChart>
              </ResponsiveContainer>
              <div
                style={{
                  position: 'absolute',
                  inset: 0,
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: 'center',
                  justifyContent: 'center',
                  pointerEvents: 'none',
                }}
              >
                <span style={{ color: token.colorTextSecondary }}>{t('analysis.amount')}</span>
                <span style={{ fontSize: token.fontSizeHeading4, color: token.colorTextHeading }}>
                  {formatYuan(total, { symbol: true })}
                </span>
              </div>
            </div>
            <ul style={{ flex: '1 1 200px', minWidth: 0, listStyle: 'none', margin: 0, padding: 0 }}>
              {slices.map((slice) => (
                <li
                  key={slice.key}
                  style={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: token.marginXS,
                    marginBottom: token.marginXS,
                  }}
                >
                  <span
                    style={{
                      flex: 'none',
                      width: 8,
                      height: 8,
                      borderRadius: '50%',
                      background: slice.colour,
                    }}
                  />
                  <span style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{slice.name}</span>
                  <span style={{ color: token.colorTextSecondary }}>
                    {percentOf(slice.value, total) ?? 0}%
                  </span>
                  <span>{formatYuan(slice.value, { symbol: true })}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </SectionContent>
    </Panel>
  );
}
