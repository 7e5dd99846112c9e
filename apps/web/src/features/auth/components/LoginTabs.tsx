import { theme } from 'antd';
import { type KeyboardEvent, type ReactNode, useId } from 'react';

interface LoginTabsProps<K extends string> {
  activeKey: K;
  onChange: (key: K) => void;
  items: { key: K; label: ReactNode; children: ReactNode }[];
}

/**
 * The login card's two tabs, drawn like antd's centred Tabs (ink bar under the active one, arrow keys move
 * between them) without antd Tabs' 10 KiB: the login page is the console's first download. Only the active
 * panel is rendered.
 */
export function LoginTabs<K extends string>({ activeKey, onChange, items }: LoginTabsProps<K>) {
  const { token } = theme.useToken();
  const id = useId();
  const active = items.find((item) => item.key === activeKey) ?? items[0]!;

  const onKeyDown = (event: KeyboardEvent) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!step) return;
    const index = items.findIndex((item) => item.key === active.key);
    const next = items[(index + step + items.length) % items.length]!;
    onChange(next.key);
    document.getElementById(`${id}-${next.key}`)?.focus();
  };

  return (
    <>
      <div
        role="tablist"
        tabIndex={-1}
        onKeyDown={onKeyDown}
        style={{
          display: 'flex',
          justifyContent: 'center',
          gap: token.marginXL,
          marginBottom: token.margin,
          borderBottom: `${token.lineWidth}px solid ${token.colorBorderSecondary}`,
        }}
      >
        {items.map((item) => {
          const selected = item.key === active.key;
          return (
            <button
              key={item.key}
              id={`${id}-${item.key}`}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={`${id}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(item.key)}
              style={{
                padding: `${token.paddingSM}px 0`,
                marginBottom: -token.lineWidth,
                border: 'none',
                borderBottom: `${token.lineWidthBold}px solid ${selected ? token.colorPrimary : 'transparent'}`,
                background: 'none',
                cursor: 'pointer',
                font: 'inherit',
                fontSize: token.fontSizeLG,
                color: selected ? token.colorPrimary : token.colorText,
                transition: `color ${token.motionDurationSlow}, border-color ${token.motionDurationSlow}`,
              }}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${active.key}`}>
        {active.children}
      </div>
    </>
  );
}
