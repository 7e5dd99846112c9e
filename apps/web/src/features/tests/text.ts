import type { LocalizedText } from '@cool/shared';

/** Pure helpers for bilingual texts and server field paths. */

export const emptyText = (): LocalizedText => ({ zh: '', en: '' });

/** Trims both languages (the server trims too; this keeps validation and payloads consistent). */
export const trimText = (value: Partial<LocalizedText> | undefined): LocalizedText => ({
  zh: (value?.zh ?? '').trim(),
  en: (value?.en ?? '').trim(),
});

/** A server field path (`title.zh`, `options.0.score`) as a form name path. */
export const fieldPath = (field: string): (string | number)[] =>
  field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
