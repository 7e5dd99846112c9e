// antd's Modal as a module of its own, for `lazy()` in LazyModal.ts: from the package's entry (not antd/es/modal)
// so it shares the ConfigProvider context (theme, locale) of the rest of the app wherever antd resolves.
export { Modal as default } from 'antd';
