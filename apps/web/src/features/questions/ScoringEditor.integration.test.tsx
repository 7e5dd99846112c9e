import { questionSchema, type ScoringInput, scoringSchema } from '@cool/shared';
import { http } from 'msw';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../shared/i18n/i18n.ts';
import { api, renderApp, reply, replyError, requests, server, setupIntegration } from '../../test/app.tsx';
import { blur, click, fill, screen, waitFor, within } from '../../test/dom.ts';
import * as fixture from '../../test/fixtures.ts';

setupIntegration();

/** Two questions scoring 0-2 each: the total runs from 0 to 4. */
const questions = [fixture.question(1), fixture.question(2)];

const scoring: ScoringInput = {
  dimensions: [
    {
      key: 'total',
      name: { zh: '总分', en: 'Total' },
      bands: [
        { min: 0, max: 1, level: 'low', label: { zh: '', en: 'Low' }, colour: 'normal' },
        {
          min: 2,
          max: 4,
          level: 'high',
          label: { zh: '', en: 'High' },
          colour: 'moderate',
          interpretation: { zh: '', en: 'Talk to someone.' },
        },
      ],
    },
  ],
  alerts: [{ question: 2, operator: 'gte', score: 2, message: { zh: '', en: 'Not rested at all' } }],
};

/** The test, its questions, and a scoring endpoint that keeps what it is sent. */
function serveTest() {
  const saved: unknown[] = [];
  server.use(
    http.get(api('/tests/1'), () => reply(fixture.testDetail({ id: 1 }, scoring))),
    http.get(api('/tests/1/questions'), () => reply(fixture.page(questionSchema, questions))),
    http.put(api('/tests/1/scoring'), async ({ request }) => {
      const body = await request.json();
      saved.push(body);
      return reply(fixture.testDetail({ id: 1 }, body as ScoringInput));
    }),
  );
  return saved;
}

async function openScoring() {
  renderApp('/qtable?testId=1');
  click(await screen.findByRole('tab', { name: 'Scoring' }));
  const total = await screen.findByRole('group', { name: 'Dimension 1' });
  return { total, band: (n: number) => within(total).getByRole('group', { name: `Band ${n}` }) };
}

describe('scoring editor', () => {
  it('shows the saved scoring, and saves an edited band in the contract shape', async () => {
    const saved = serveTest();
    const { band } = await openScoring();
    expect(await screen.findByText('Ready to publish: no problems found')).toBeTruthy();
    const high = band(2);
    expect((within(high).getByLabelText('From') as HTMLInputElement).value).toBe('2');
    expect((within(high).getByLabelText('Label (English)') as HTMLInputElement).value).toBe('High');

    fill(within(high).getByLabelText('From'), '3');
    fill(within(high).getByLabelText('Label (English)'), 'Severe symptoms');
    fill(within(band(1)).getByLabelText('To'), '2');
    click(screen.getByRole('button', { name: 'Save scoring' }));

    expect(await screen.findByText('Scoring saved')).toBeTruthy();
    expect(saved).toHaveLength(1);
    const expected = scoringSchema.parse(scoring);
    const [low, highBand] = expected.dimensions[0]!.bands;
    low!.max = 2;
    highBand!.min = 3;
    highBand!.label.en = 'Severe symptoms';
    // Its severe alert, saved before rules said whether they show the crisis text, now says it does.
    expected.alerts[0]!.crisis = true;
    expect(scoringSchema.parse(saved[0])).toEqual(expected);
  });

  it('says what each crisis-text choice of an alert does, reads an older rule by its severity, and saves the choice', async () => {
    const saved = serveTest();
    await openScoring();
    const alert = await screen.findByRole('group', { name: 'Alert 1' });
    const choice = within(alert).getByRole('radiogroup', { name: "On the participant's report" });
    // Saved before rules said so, and severe: it showed the crisis text, and still does until changed.
    const crisis = within(choice).getByLabelText(/Crisis text first/) as HTMLInputElement;
    expect(crisis.checked).toBe(true);
    expect(choice.textContent).toContain('hotline 400-161-9995');
    expect(choice.textContent).toContain('without the crisis text');

    click(within(choice).getByLabelText(/This message only/));
    click(screen.getByRole('button', { name: 'Save scoring' }));
    expect(await screen.findByText('Scoring saved')).toBeTruthy();
    expect((saved[0] as ScoringInput).alerts).toEqual([
      expect.objectContaining({ question: 2, crisis: false }),
    ]);
  });

  it('saves from the test it opened (If-Match); a test changed meanwhile is said, and Reload shows it as it is', async () => {
    const opened = '2026-03-01T08:00:00.000Z';
    const changed = '2026-03-01T08:05:00.000Z';
    // Someone deleted question 1 meanwhile: the alert moved with its question to position 1.
    let current = fixture.testDetail({ id: 1, updateTime: opened }, scoring);
    const sent: { version: string | null; alerts: unknown }[] = [];
    server.use(
      http.get(api('/tests/1'), () => reply(current)),
      http.get(api('/tests/1/questions'), () => reply(fixture.page(questionSchema, questions))),
      http.put(api('/tests/1/scoring'), async ({ request }) => {
        const body = (await request.json()) as ScoringInput;
        sent.push({ version: request.headers.get('if-match'), alerts: body.alerts });
        if (request.headers.get('if-match') !== `"${current.updateTime}"`)
          return replyError(412, 'test.changedMeanwhile', 'The test changed after you opened it');
        current = fixture.testDetail({ id: 1, updateTime: '2026-03-01T08:06:00.000Z' }, body);
        return reply(current);
      }),
    );
    const { band } = await openScoring();
    current = fixture.testDetail(
      { id: 1, updateTime: changed },
      { ...scoring, alerts: [{ ...scoring.alerts![0]!, question: 1 }] },
    );
    fill(within(band(2)).getByLabelText('Label (English)'), 'Severe symptoms');
    click(screen.getByRole('button', { name: 'Save scoring' }));
    const refusal = (await screen.findByText(/The test changed after you opened it/)).closest<HTMLElement>(
      '[role="alert"]',
    )!;
    expect(sent).toEqual([{ version: `"${opened}"`, alerts: [expect.objectContaining({ question: 2 })] }]);
    click(within(refusal).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.queryByText(/The test changed after you opened it/)).toBeNull());
    click(screen.getByRole('button', { name: 'Save scoring' }));
    expect(await screen.findByText('Scoring saved')).toBeTruthy();
    expect(sent[1]).toEqual({ version: `"${changed}"`, alerts: [expect.objectContaining({ question: 1 })] });
  });

  it('keeps the refusal of an untouched editor on screen until Reload, though the test it reloads has arrived', async () => {
    let current = fixture.testDetail({ id: 1, updateTime: '2026-03-01T08:00:00.000Z' }, scoring);
    let reads = 0;
    server.use(
      http.get(api('/tests/1'), () => {
        reads += 1;
        return reply(current);
      }),
      http.get(api('/tests/1/questions'), () => reply(fixture.page(questionSchema, questions))),
      http.put(api('/tests/1/scoring'), () =>
        replyError(412, 'test.changedMeanwhile', 'The test changed after you opened it'),
      ),
    );
    await openScoring();
    current = fixture.testDetail({ id: 1, updateTime: '2026-03-01T08:05:00.000Z' }, scoring);
    const before = reads;
    click(screen.getByRole('button', { name: 'Save scoring' }));
    await screen.findByText(/The test changed after you opened it/);
    // The refusal asks for the test again; it arrives, and the refusal stays.
    await waitFor(() => expect(reads).toBeGreaterThan(before));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.getByText(/The test changed after you opened it/)).toBeTruthy();
    click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.queryByText(/The test changed after you opened it/)).toBeNull());
  });

  it('explains a wrong level code beside the field and sends nothing', async () => {
    const saved = serveTest();
    const { band } = await openScoring();
    const level = within(band(2)).getByLabelText('Level code');
    fill(level, 'Very High');
    blur(level);
    const message = 'Use 1-32 lowercase letters, digits, - or _';
    expect(await within(band(2)).findByText(message)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('1 field needs fixing');

    click(screen.getByRole('button', { name: 'Save scoring' }));
    await waitFor(() => expect(within(band(2)).getByText(message)).toBeTruthy());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(saved).toEqual([]);
    expect(requests.filter((request) => request.method === 'PUT')).toEqual([]);
  });

  it('lists a band whose range runs backwards as a problem', async () => {
    serveTest();
    const { band } = await openScoring();
    fill(within(band(1)).getByLabelText('To'), '-1');
    const problems = await screen.findByRole('list', { name: 'Problems' });
    expect(screen.getByRole('status').textContent).toContain('1 field needs fixing');
    // The problem names the field by its label and position (dimension 1, band 1) in the console's words.
    expect(problems.textContent).toContain('To (1.1): Must not be below the minimum');
  });

  it('names a bilingual text left empty in both languages by its label, not its path', async () => {
    serveTest();
    const { band } = await openScoring();
    fill(within(band(1)).getByLabelText('Label (English)'), '');
    const problems = await screen.findByRole('list', { name: 'Problems' });
    expect(problems.textContent).toContain('Label (1.1): ');
    expect(problems.textContent).not.toContain('dimensions.0');
  });

  it('lists a publish problem in the console language', async () => {
    serveTest();
    const { band } = await openScoring();
    fill(within(band(2)).getByLabelText('From'), '3');
    const problems = await screen.findByRole('list', { name: 'Problems' });
    expect(problems.textContent).toBe('Dimension "total": no band covers scores from 2 to 2');
    try {
      await act(() => changeLanguage('zh-CN'));
      expect(screen.getByRole('list', { name: '问题' }).textContent).toBe(
        '维度 "total"：没有分段覆盖 2 至 2 分',
      );
    } finally {
      await act(() => changeLanguage('en-US'));
    }
  });
});
