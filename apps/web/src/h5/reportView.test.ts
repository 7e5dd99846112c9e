import type { ClientReport, ScoreReport } from '@cool/shared';
import { describe, expect, it } from 'vitest';
import { bandView, reportView } from './reportView.ts';

const t = (en: string, zh = `${en}（中）`) => ({ en, zh });
const band = (
  level: string,
  colour: 'normal' | 'mild' | 'moderate' | 'severe',
  min: number,
  max: number,
) => ({
  level,
  label: t(level),
  colour,
  interpretation: t(`${level} meaning`),
  min,
  max,
});

const report: ScoreReport = {
  questionCount: 9,
  answeredCount: 9,
  totalRaw: 12,
  finalScore: 12,
  band: band('moderate', 'moderate', 10, 14),
  dimensions: [
    {
      key: 'total',
      name: t('Total'),
      raw: 12,
      itemCount: 9,
      final: 12,
      band: band('moderate', 'moderate', 10, 14),
    },
    { key: 'sleep', name: t('Sleep'), raw: 1.5, itemCount: 2, final: 1.456, band: null },
  ],
  type: null,
  alerts: [
    { question: 3, severity: 'mild', message: t('Mild alert') },
    { question: 9, severity: 'severe', message: t('Thoughts of self-harm') },
  ],
};

const unlocked: ClientReport = {
  locked: false,
  alerts: report.alerts,
  preview: { dimensions: [{ key: 'total', name: t('Total') }], hasType: false },
  report,
};

describe('the report view', () => {
  it('puts the alerts first, most severe first, in the chosen language', () => {
    const view = reportView(unlocked, 'en');
    expect(view.alerts.map((a) => [a.question, a.severity, a.message])).toEqual([
      [9, 'severe', 'Thoughts of self-harm'],
      [3, 'mild', 'Mild alert'],
    ]);
    expect(reportView(unlocked, 'zh').alerts[0]!.message).toBe('Thoughts of self-harm（中）');
  });

  it('shows the overall band once and the other dimensions as bars', () => {
    const view = reportView(unlocked, 'en');
    expect(view.overall).toEqual({
      score: '12',
      band: { label: 'moderate', colour: 'moderate', interpretation: 'moderate meaning', percent: 63 },
    });
    expect(view.dimensions).toEqual([{ key: 'sleep', name: 'Sleep', score: '1.46', band: null }]);
  });

  it('keeps the total as a dimension when the report has no overall result', () => {
    const view = reportView({ ...unlocked, report: { ...report, finalScore: null, band: null } }, 'en');
    expect(view.overall).toBeNull();
    expect(view.dimensions.map((d) => d.key)).toEqual(['total', 'sleep']);
  });

  it('shows a locked report as its alerts and what unlocking gives, without scores', () => {
    const view = reportView(
      {
        locked: true,
        alerts: [report.alerts[1]!],
        preview: { dimensions: [{ key: 'total', name: t('Total') }], hasType: true },
        report: null,
      },
      'en',
    );
    expect(view.locked).toBe(true);
    expect(view.alerts).toHaveLength(1);
    expect(view.preview).toEqual({ dimensions: ['Total'], hasType: true });
    expect(view.overall).toBeNull();
    expect(view.dimensions).toEqual([]);
    expect(view.type).toBeNull();
  });

  it('gives the type with its text and axes', () => {
    const typed = reportView(
      {
        ...unlocked,
        report: {
          ...report,
          type: {
            code: 'INTJ',
            name: t('Architect'),
            description: t('Plans ahead'),
            axes: [
              {
                key: 'ei',
                name: t('Energy'),
                left: { letter: 'E', name: t('Extraversion'), points: 2, percent: 25 },
                right: { letter: 'I', name: t('Introversion'), points: 6, percent: 75 },
                letter: 'I',
                tie: false,
              },
            ],
          },
        },
      },
      'en',
    );
    expect(typed.type).toEqual({
      code: 'INTJ',
      name: 'Architect',
      description: 'Plans ahead',
      axes: [
        {
          key: 'ei',
          letter: 'I',
          left: { letter: 'E', name: 'Extraversion', percent: 25 },
          right: { letter: 'I', name: 'Introversion', percent: 75 },
        },
      ],
    });
  });
});

describe('a band bar', () => {
  it('gives each colour a quarter and places the score inside its band', () => {
    expect(bandView(band('none', 'normal', 0, 4), 0, 'en').percent).toBe(4);
    expect(bandView(band('none', 'normal', 0, 4), 4, 'en').percent).toBe(25);
    expect(bandView(band('mild', 'mild', 5, 9), 7, 'en').percent).toBe(38);
    expect(bandView(band('severe', 'severe', 20, 27), 27, 'en').percent).toBe(100);
    // A one-point band or no score fills its quarter.
    expect(bandView(band('x', 'moderate', 3, 3), 3, 'en').percent).toBe(75);
    expect(bandView(band('x', 'moderate', 3, 9), null, 'en').percent).toBe(75);
  });
});
