import {
  type BandColour,
  type ClientReport,
  type DimensionResult,
  type LocalizedText,
  type ScoreReport,
  showsCrisisText,
} from '@cool/shared';
import { textIn } from './text.ts';

/**
 * What the report screen shows, worked out from the client report: alerts first (most severe first), then the
 * overall band, the dimensions as severity bars, and the type. A locked report (paid, not paid yet) gives the
 * alerts and the names of what unlocking shows, never a score or band.
 */

type Language = 'zh' | 'en';

export interface AlertView {
  key: string;
  question: number;
  severity: BandColour;
  /** Its rule opens the report with the self-harm crisis text and hotline. */
  crisis: boolean;
  message: string;
}

/** A score placed on the four comparable band colours: each colour a quarter of the bar. */
export interface BandView {
  label: string;
  colour: BandColour;
  interpretation: string;
  /** Bar length, 4-100: the colour's quarter, and within it where the score sits in its band's range. */
  percent: number;
}

export interface DimensionView {
  key: string;
  name: string;
  score: string;
  band: BandView | null;
}

export interface TypeView {
  code: string;
  name: string;
  description: string;
  axes: {
    key: string;
    letter: string;
    left: { letter: string; name: string; percent: number };
    right: { letter: string; name: string; percent: number };
  }[];
}

export interface ReportView {
  alerts: AlertView[];
  locked: boolean;
  /** Locked only: what the report will show once unlocked. */
  preview: { dimensions: string[]; hasType: boolean };
  overall: { score: string; band: BandView | null } | null;
  dimensions: DimensionView[];
  type: TypeView | null;
}

/** The dimension whose result is the report's overall score and band. */
const TOTAL = 'total';

/** The shared BAND_COLOURS order, written out: importing that value would bring zod into the first screen. */
const SEVERITY = ['normal', 'mild', 'moderate', 'severe'] as const satisfies readonly BandColour[];
const severityOf = (colour: BandColour) => SEVERITY.indexOf(colour);

export const formatScore = (value: number | null): string =>
  value === null ? '—' : String(Math.round(value * 100) / 100);

export function bandView(
  band: NonNullable<ScoreReport['band']>,
  score: number | null,
  language: Language,
): BandView {
  const span = band.max - band.min;
  const within = score === null || span <= 0 ? 1 : Math.min(1, Math.max(0, (score - band.min) / span));
  const percent = ((severityOf(band.colour) + within) / SEVERITY.length) * 100;
  return {
    label: textIn(band.label, language),
    colour: band.colour,
    interpretation: textIn(band.interpretation, language),
    percent: Math.round(Math.max(4, Math.min(100, percent))),
  };
}

const dimensionView = (d: DimensionResult, language: Language): DimensionView => ({
  key: d.key,
  name: textIn(d.name, language),
  score: formatScore(d.final),
  band: d.band ? bandView(d.band, d.final, language) : null,
});

export function reportView(client: ClientReport, language: Language): ReportView {
  const text = (value: LocalizedText) => textIn(value, language);
  // Alerts are never locked; the most severe comes first.
  const alerts = client.alerts
    .map((a, i) => ({
      key: `${a.question}-${i}`,
      question: a.question,
      severity: a.severity,
      crisis: showsCrisisText(a),
      message: text(a.message),
    }))
    .sort((a, b) => severityOf(b.severity) - severityOf(a.severity) || a.question - b.question);
  const report = client.locked ? null : client.report;
  const hasOverall = !!report && (report.finalScore !== null || report.band !== null);
  return {
    alerts,
    locked: client.locked,
    preview: {
      dimensions: client.preview.dimensions.map((d) => text(d.name)),
      hasType: client.preview.hasType,
    },
    overall: hasOverall
      ? {
          score: formatScore(report.finalScore),
          band: report.band ? bandView(report.band, report.finalScore, language) : null,
        }
      : null,
    // The total dimension is the overall result above: not repeated as a bar.
    dimensions: (report?.dimensions ?? [])
      .filter((d) => !(hasOverall && d.key === TOTAL))
      .map((d) => dimensionView(d, language)),
    type: report?.type
      ? {
          code: report.type.code,
          name: text(report.type.name),
          description: text(report.type.description),
          axes: report.type.axes.map((axis) => ({
            key: axis.key,
            letter: axis.letter,
            left: { letter: axis.left.letter, name: text(axis.left.name), percent: axis.left.percent },
            right: { letter: axis.right.letter, name: text(axis.right.name), percent: axis.right.percent },
          })),
        }
      : null,
  };
}
