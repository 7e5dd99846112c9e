import { type LocalizedText, MAX_PRICE_FEN, type Test, type TestInput } from '@cool/shared';
import { emptyText, trimText } from '../../shared/i18n/contentText.ts';

/** Yuan as typed by staff -> integer fen; null when it is not a price with at most 2 decimals. */
export function yuanToFen(yuan: number | string | null | undefined): number | null {
  if (yuan === null || yuan === undefined || yuan === '') return null;
  const text = String(yuan).trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Integer fen -> yuan as a number for the input (1990 -> 19.9). */
export const fenToYuan = (fen: number): number => Math.round(fen) / 100;

/** The highest price the server takes, in yuan. */
export const MAX_PRICE_YUAN = fenToYuan(MAX_PRICE_FEN);

export interface TestFormValues {
  title: LocalizedText;
  subtitle: LocalizedText;
  introduction: LocalizedText;
  instructions: LocalizedText;
  coverUrl: string | null;
  categoryIds: number[];
  /** Price in yuan as typed; sent as fen. */
  priceYuan: number | string | null;
  minutes: number;
  sortOrder: number;
}

export function toTestFormValues(test: Test | null): TestFormValues {
  if (!test)
    return {
      title: emptyText(),
      subtitle: emptyText(),
      introduction: emptyText(),
      instructions: emptyText(),
      coverUrl: null,
      categoryIds: [],
      priceYuan: 0,
      minutes: 5,
      sortOrder: 0,
    };
  return {
    title: { ...test.title },
    subtitle: { ...test.subtitle },
    introduction: { ...test.introduction },
    instructions: { ...test.instructions },
    coverUrl: test.coverUrl,
    categoryIds: test.categories.map((c) => c.id),
    priceYuan: fenToYuan(test.priceFen),
    minutes: test.minutes,
    sortOrder: test.sortOrder,
  };
}

export function toTestInput(values: TestFormValues): TestInput {
  return {
    title: trimText(values.title),
    subtitle: trimText(values.subtitle),
    introduction: trimText(values.introduction),
    instructions: trimText(values.instructions),
    coverUrl: values.coverUrl || null,
    categoryIds: values.categoryIds,
    priceFen: yuanToFen(values.priceYuan) ?? 0,
    minutes: values.minutes,
    sortOrder: values.sortOrder,
  };
}

/** A server field of the test input as the form's field (`priceFen` is typed in yuan). */
export const testFormField = (field: string): string => (field === 'priceFen' ? 'priceYuan' : field);
