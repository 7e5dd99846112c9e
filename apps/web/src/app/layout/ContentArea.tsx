import { useSettingsStore } from '../../shared/settings/settingsStore.ts';
import { KeptAliveOutlet, TabBar } from '../../shared/tabs/index.ts';

/** The page area under the header: the multi-tab bar (when on) and the routed, kept-alive pages. */
export function ContentArea({ isMobile }: { isMobile: boolean }) {
  const multiTab = useSettingsStore((s) => s.multiTab);
  return (
    <>
      {multiTab && <TabBar isMobile={isMobile} />}
      <div style={{ margin: isMobile ? 12 : 24, minWidth: 0 }}>
        <KeptAliveOutlet />
      </div>
    </>
  );
}
