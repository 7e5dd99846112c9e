import {
  type Dimension,
  type ItemAlert,
  type LocalizedText,
  optionLabel,
  type Question,
  type QuestionInput,
  type QuestionType,
  type Scoring,
  type ScoringInput,
  showsCrisisText,
  TOTAL_KEY,
  type TypeText,
  type TypologyAxis,
} from '@cool/shared';
import { emptyText, trimText } from '../../shared/i18n/contentText.ts';

export interface OptionFormValues {
  label: string;
  text: LocalizedText;
  imageUrl: string | null;
  score: number | null;
  dimensions: string[];
  pole: string | null;
}

export interface QuestionFormValues {
  stem: LocalizedText;
  imageUrl: string | null;
  type: QuestionType;
  required: boolean;
  options: OptionFormValues[];
}

/** A new option at `index`: Likert items are labelled 1, 2, ... and scored from 0 up; choices A, B, ... */
export function newOption(index: number, type: QuestionType): OptionFormValues {
  return {
    label: type === 'likert' ? String(index + 1) : optionLabel(index),
    text: emptyText(),
    imageUrl: null,
    score: type === 'likert' ? index : null,
    dimensions: [],
    pole: null,
  };
}

export function toQuestionFormValues(question: Question | null): QuestionFormValues {
  if (!question)
    return {
      stem: emptyText(),
      imageUrl: null,
      type: 'single',
      required: true,
      options: [newOption(0, 'single'), newOption(1, 'single')],
    };
  return {
    stem: { ...question.stem },
    imageUrl: question.imageUrl,
    type: question.type,
    required: question.required,
    options: question.options.map((o) => ({ ...o, text: { ...o.text }, dimensions: [...o.dimensions] })),
  };
}

const orNull = <T>(value: T | undefined | null | ''): T | null =>
  value === undefined || value === null || value === '' ? null : value;

export function toQuestionInput(values: QuestionFormValues): QuestionInput {
  return {
    stem: trimText(values.stem),
    imageUrl: orNull(values.imageUrl),
    type: values.type,
    required: values.required,
    options: (values.options ?? []).map((o) => ({
      label: (o.label ?? '').trim(),
      text: trimText(o.text),
      imageUrl: orNull(o.imageUrl),
      score: typeof o.score === 'number' && Number.isFinite(o.score) ? o.score : null,
      dimensions: (o.dimensions ?? []).filter((key) => key !== TOTAL_KEY),
      pole: orNull(o.pole?.trim().toUpperCase()),
    })),
  };
}

/** The list with the item at `from` moved to `to` (drag-to-reorder). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

// ------------------------------------------------------------------ scoring

export interface ScoringFormValues {
  dimensions: Dimension[];
  typologyEnabled: boolean;
  typology: { axes: TypologyAxis[]; types: TypeText[] };
  alerts: ItemAlert[];
}

export function newDimension(key: string): Dimension {
  return {
    key,
    name: key === TOTAL_KEY ? { zh: '总分', en: 'Total' } : emptyText(),
    aggregate: 'sum',
    multiplier: 1,
    rounding: 'none',
    decimals: 0,
    bands: [],
  };
}

export const newAxis = (): TypologyAxis => ({
  key: '',
  name: emptyText(),
  left: { letter: '', name: emptyText() },
  right: { letter: '', name: emptyText() },
  tieWinner: 'left',
});

export function toScoringFormValues(scoring: Scoring): ScoringFormValues {
  return {
    dimensions: structuredClone(scoring.dimensions),
    typologyEnabled: scoring.typology !== null,
    typology: scoring.typology ? structuredClone(scoring.typology) : { axes: [newAxis()], types: [] },
    // Each rule says whether it shows the crisis text; one saved before rules said so, as it is read.
    alerts: scoring.alerts.map((alert) => ({ ...structuredClone(alert), crisis: showsCrisisText(alert) })),
  };
}

const num = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/** Form values -> the API's scoring input (what `PUT /tests/:id/scoring` takes). Tolerates half-filled rows. */
export function toScoringInput(values: Partial<ScoringFormValues>): ScoringInput {
  const dimensions = (values.dimensions ?? []).filter(Boolean).map((d) => ({
    key: (d.key ?? '').trim(),
    name: trimText(d.name),
    aggregate: d.aggregate ?? 'sum',
    multiplier: num(d.multiplier, 1),
    rounding: d.rounding ?? 'none',
    decimals: num(d.decimals, 0),
    bands: (d.bands ?? []).filter(Boolean).map((b) => ({
      min: num(b.min, Number.NaN),
      max: num(b.max, Number.NaN),
      level: (b.level ?? '').trim(),
      label: trimText(b.label),
      colour: b.colour ?? 'normal',
      interpretation: trimText(b.interpretation),
    })),
  }));
  const typology =
    values.typologyEnabled && values.typology
      ? {
          axes: (values.typology.axes ?? []).filter(Boolean).map((a) => ({
            key: (a.key ?? '').trim(),
            name: trimText(a.name),
            left: { letter: (a.left?.letter ?? '').trim().toUpperCase(), name: trimText(a.left?.name) },
            right: { letter: (a.right?.letter ?? '').trim().toUpperCase(), name: trimText(a.right?.name) },
            tieWinner: a.tieWinner ?? 'left',
          })),
          types: (values.typology.types ?? []).filter(Boolean).map((ty) => ({
            code: (ty.code ?? '').trim().toUpperCase(),
            name: trimText(ty.name),
            description: trimText(ty.description),
          })),
        }
      : null;
  const alerts = (values.alerts ?? []).filter(Boolean).map((a) => ({
    question: num(a.question, Number.NaN),
    operator: a.operator ?? 'gt',
    score: num(a.score, Number.NaN),
    severity: a.severity ?? 'severe',
    crisis: a.crisis === true,
    message: trimText(a.message),
  }));
  return { dimensions, typology, alerts };
}
