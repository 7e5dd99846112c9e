import { localized } from '@cool/shared';
import { Empty, theme } from 'antd';
import { useId } from 'react';
import { useTextLanguage } from '../../../shared/i18n/contentText.ts';

interface RankingProps {
  title: string;
  rows: { testId: number; title: { zh: string; en: string }; value: string }[];
  empty: string;
}

/** The template's ranking list beside the trend chart: the top 3 marked, each test with its figure. */
export function Ranking({ title, rows, empty }: RankingProps) {
  const { token } = theme.useToken();
  const language = useTextLanguage();
  const id = useId();
  return (
    <section aria-labelledby={id} style={{ minWidth: 0 }}>
      <h3
        id={id}
        style={{
          margin: `0 0 ${token.marginMD}px`,
          fontSize: token.fontSize,
          fontWeight: token.fontWeightStrong,
        }}
      >
        {title}
      </h3>
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
      ) : (
        <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {rows.map((row, index) => {
            const top = index < 3;
            const name = localized(row.title, language);
            return (
              <li
                key={row.testId}
                style={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: token.marginSM,
                  marginBottom: token.marginSM,
                }}
              >
                <span
                  style={{
                    flex: 'none',
                    width: 20,
                    height: 20,
                    borderRadius: '50%',
                    textAlign: 'center',
                    lineHeight: '20px',
                    fontSize: token.fontSizeSM,
                    fontWeight: token.fontWeightStrong,
                    background: top ? token.colorTextHeading : token.colorFillSecondary,
                    color: top ? token.colorBgContainer : token.colorText,
                  }}
                >
                  {index + 1}
                </span>
                {/* Whole, wrapping: cut, a test and its copy would look the same. */}
                <span style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{name}</span>
                <span style={{ flex: 'none' }}>{row.value}</span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
