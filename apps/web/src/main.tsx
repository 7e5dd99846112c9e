import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import './app/global.css';
import { localeLoaders } from './app/locales/loaders.ts';
import { initI18n } from './shared/i18n/i18n.ts';

// The first language pack is awaited so the first paint is already translated.
await initI18n(localeLoaders);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
