import { beforeAll, vi } from 'vitest';
import { errorMessageLoaders } from '../app/locales/loaders.ts';
import { setErrorMessages } from '../shared/i18n/i18n.ts';

/**
 * Registers the server's error texts as main.tsx does, counting each download: the returned mock is called with
 * the language of each, in order. One test file per first download (a language is downloaded once).
 */
export function countErrorTextDownloads() {
  const downloads = vi.fn();
  beforeAll(() => {
    const counted = (language: 'en-US' | 'zh-CN') => () => {
      downloads(language);
      return errorMessageLoaders[language]();
    };
    setErrorMessages({ 'en-US': counted('en-US'), 'zh-CN': counted('zh-CN') });
  });
  return downloads;
}
