import { formatNumber } from '@cool/shared';
import { theme } from 'antd';
import { Area, AreaChart, Bar, BarChart, ResponsiveContainer, Tooltip, XAxis } from 'recharts';
import { bucketLabel } from '../period.ts';

/** The charts' colours from the theme, so dark mode draws them right. */
export function useChartColours() {
  const { token } = theme.useToken();
  return {
    primary: token.colorPrimary,
    text: token.colorTextSecondary,
    grid: token.colorBorderSecondary,
    /** The tooltip's box, as antd's popovers look. */
    tooltip: {
      contentStyle: {
        background: token.colorBgElevated,
        border: 'none',
        borderRadius: token.borderRadius,
        boxShadow: token.boxShadowSecondary,
        color: token.colorText,
      },
      labelStyle: { color: token.colorTextSecondary },
      itemStyle: { color: token.colorText },
      cursor: { fill: token.colorFillSecondary },
    },
    /** Slices of the donut, in turn. */
    series: [
      token.colorPrimary,
      token.cyan6,
      token.green6,
      token.gold6,
      token.volcano6,
      token.purple6,
      token.magenta6,
      token.geekblue6,
      token.lime6,
      token.orange6,
    ],
  };
}

interface SparklineProps {
  data: { date: string; count: number }[];
  /** The figure's name in the tooltip. */
  name: string;
  kind: 'area' | 'bar';
  /** The value in the tooltip: grouped digits unless told (a money series passes yuan). */
  format?: (value: number) => string;
}

/** The top cards' small chart of the last days: an area or bars, a tooltip and no axes. */
export function Sparkline({ data, name, kind, format = formatNumber }: SparklineProps) {
  const colours = useChartColours();
  // The day as the trend chart's axis labels its buckets, not the server's ISO date.
  const tooltip = (
    <Tooltip
      {...colours.tooltip}
      formatter={(value) => [format(Number(value)), name]}
      labelFormatter={(date) => bucketLabel(String(date), 'day')}
    />
  );
  return (
    <ResponsiveContainer width="100%" height={46}>
      {kind === 'area' ? (
        <AreaChart data={data} margin={{ top: 4, right: 0, bottom: 0, left: 0 }}>
          <XAxis dataKey="date" hide />
          {tooltip}
          <Area
            isAnimationActive={false}
            dataKey="count"
            type="monotone"
            stroke={colours.primary}
            fill={colours.primary}
            fillOpacity={0.3}
          />
        </AreaChart>
      ) : (
        <BarChart data={data} margin={{ top: 4, right: 0, bottom: 0, left: 0 }}>
          <XAxis dataKey="date" hide />
          {tooltip}
          <Bar isAnimationActive={false} dataKey="count" fill={colours.primary} />
        </BarChart>
      )}
    </ResponsiveContainer>
  );
}
