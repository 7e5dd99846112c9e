/** The multi-tab feature: the API for pages, the bar and the kept-alive route view for the layout. */
export { KeptAliveOutlet } from './KeptAliveOutlet.tsx';
export { TabBar } from './TabBar.tsx';
export { type TabsApi, useTabs } from './useTabs.ts';
export { useTabTitle } from './useTabTitle.ts';
