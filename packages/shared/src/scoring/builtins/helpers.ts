import type { LocalizedText } from '../../schemas/localized.ts';
import type { Band, BandColour, Dimension } from '../../schemas/scoring.ts';
import { TEST_DOCUMENT_FORMAT, type TestDocument } from '../../schemas/testDocument.ts';

/** A seeded scale: the whole-test document plus where its categories come from. */
export interface BuiltinScale {
  /** Stable key; also the seed step name `builtin:<key>`, so each scale is seeded once per installation. */
  key: string;
  /** English names of the demo categories it is filed under. */
  categoryNames: string[];
  document: TestDocument;
}

export const t = (zh: string, en: string): LocalizedText => ({ zh, en });

export const band = (
  min: number,
  max: number,
  level: string,
  colour: BandColour,
  label: LocalizedText,
  interpretation: LocalizedText,
): Band => ({ min, max, level, colour, label, interpretation });

export const dimension = (fields: Partial<Dimension> & Pick<Dimension, 'key' | 'name'>): Dimension => ({
  aggregate: 'sum',
  multiplier: 1,
  rounding: 'none',
  decimals: 0,
  bands: [],
  ...fields,
});

/** Options of a frequency/agreement scale in presentation order, scored `first`, `first+1`, ... (or reversed). */
export const scaledOptions = (
  texts: readonly LocalizedText[],
  first: number,
  reverse: boolean,
  dimensions: string[] = [],
) =>
  texts.map((text, i) => ({
    label: String.fromCharCode(65 + i),
    text,
    imageUrl: null,
    score: reverse ? first + texts.length - 1 - i : first + i,
    dimensions,
    pole: null,
  }));

export const question = (stem: LocalizedText, options: TestDocument['questions'][number]['options']) => ({
  stem,
  imageUrl: null,
  type: 'likert' as const,
  required: true,
  options,
});

export const documentOf = (
  test: Omit<TestDocument['test'], 'coverUrl' | 'categories' | 'sortOrder'> & { sortOrder?: number },
  questions: TestDocument['questions'],
  scoring: Partial<TestDocument['scoring']>,
): TestDocument => ({
  format: TEST_DOCUMENT_FORMAT,
  formatVersion: 1,
  test: { coverUrl: null, categories: [], sortOrder: 0, ...test },
  questions,
  scoring: { dimensions: [], typology: null, alerts: [], ...scoring },
});
