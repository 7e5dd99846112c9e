import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import './app/global.css';
import { errorMessageLoaders, localeLoaders } from './app/locales/loaders.ts';
import { initI18n, setErrorMessages } from './shared/i18n/i18n.ts';

setErrorMessages(errorMessageLoaders);

// The first language pack is loaded before the first paint, so it is already translated. Not a top-level
// await: the pack imports from the chunk this module's imports share, which would then wait on this module.
initI18n(localeLoaders).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
