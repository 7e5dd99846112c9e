/**
 * The one module of the tests feature that the questions feature imports: bilingual text helpers and fields,
 * the image texts and the authenticated file download. Nothing else crosses between the two features.
 */
export { downloadFile } from './download.ts';
export { LocalizedFields, type TextLanguage, useImageTexts, useTextLanguage } from './localized.tsx';
export { emptyText, fieldPath, trimText } from './text.ts';
