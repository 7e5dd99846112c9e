import { GiftOutlined } from '@ant-design/icons';
import { localized } from '@cool/shared';
import { theme } from 'antd';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { usePromotion } from '../../shared/promotion/promotionApi.ts';
import { useSettingsStore } from '../../shared/settings/settingsStore.ts';

/** docs/spec.md section 1: the box's fixed size in the bottom-left corner. */
export const PROMOTION_BOX_SIZE = { width: 258, height: 48 };

/**
 * The service's promotion link; renders nothing while it is off, unset or loading. In the corner it is the
 * box of docs/spec.md section 1 over the expanded sider's foot; where that would cover content (top menu,
 * collapsed sider, phone) it is a plain link in the footer instead.
 */
export function PromotionLink({ placement }: { placement: { corner: { zIndex: number } } | 'footer' }) {
  const { token } = theme.useToken();
  const language = useSettingsStore((s) => (s.language === 'zh-CN' ? 'zh' : 'en'));
  const { data } = usePromotion();
  const text = data ? localized(data.text, language) : '';
  if (!data?.enabled || !data.url || !text) return null;

  const style: CSSProperties =
    placement === 'footer'
      ? {
          display: 'inline-flex',
          alignItems: 'center',
          gap: token.marginXS,
          maxWidth: '100%',
          color: token.colorPrimary,
        }
      : {
          ...PROMOTION_BOX_SIZE,
          position: 'fixed',
          left: 0,
          bottom: 0,
          zIndex: placement.corner.zIndex,
          boxSizing: 'border-box',
          display: 'flex',
          alignItems: 'center',
          gap: token.marginXS,
          paddingInline: token.paddingLG,
          background: token.colorBgElevated,
          borderTop: `${token.lineWidth}px solid ${token.colorBorderSecondary}`,
          boxShadow: token.boxShadowTertiary,
          color: token.colorPrimary,
          overflow: 'hidden',
        };
  const content = (
    <>
      <GiftOutlined />
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{text}</span>
    </>
  );

  // A console path stays in the app; an external campaign opens beside it.
  return data.url.startsWith('/') ? (
    <Link to={data.url} style={style} data-testid="promotion-link" data-print-hide>
      {content}
    </Link>
  ) : (
    <a
      href={data.url}
      target="_blank"
      rel="noopener noreferrer"
      style={style}
      data-testid="promotion-link"
      data-print-hide
    >
      {content}
    </a>
  );
}
