import { unstableSetRender } from 'antd-mobile';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { App } from './App.tsx';
import { BootFailure } from './BootFailure.tsx';
import { initI18n } from './i18n/i18n.ts';
import './h5.css';

// antd-mobile 5 draws its dialogs and toasts with ReactDOM.render, which React 19 no longer has: give it
// createRoot (antd-mobile's documented React 19 adapter).
unstableSetRender((node, container) => {
  const holder = container as Element & { _reactRoot?: Root };
  holder._reactRoot ??= createRoot(container);
  const root = holder._reactRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
  };
});

// The first language pack is loaded before the first paint, so it is already translated. Not a top-level
// await: the pack imports from the chunk this module's imports share, which would then wait on this module.
// A pack that fails to load (a dropped connection, a deploy since the page was opened) would otherwise leave
// the page blank for good: a message in both languages and a reload instead.
const root = createRoot(document.getElementById('root')!);
initI18n().then(
  () =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  (error: unknown) => {
    console.error(error);
    root.render(<BootFailure />);
  },
);
