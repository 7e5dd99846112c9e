import { type QuestionBatch, type QuestionInput, questionSchema, scoringSchema } from '@cool/shared';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, renderApp, reply, server, setupIntegration } from '../../test/app.tsx';
import { click, fill, screen, waitFor, within } from '../../test/dom.ts';
import * as fixture from '../../test/fixtures.ts';

setupIntegration();

const scoring = scoringSchema.parse({
  dimensions: [
    {
      key: 'total',
      name: { zh: '总分', en: 'Total' },
      bands: [{ min: 0, max: 30, level: 'all', label: { zh: '', en: 'All' }, colour: 'mild' }],
    },
  ],
});

/** Test 7, written in `title`'s languages, with two questions; what is posted to it. */
function serveTest(title: { zh: string; en: string }) {
  const posted: QuestionInput[] = [];
  const batches: QuestionBatch[] = [];
  server.use(
    http.get(api('/tests/7'), () => reply(fixture.testDetail({ id: 7, title }, scoring))),
    http.get(api('/tests/7/questions'), () =>
      reply(fixture.page(questionSchema, [fixture.question(1), fixture.question(2, [5, 6])])),
    ),
    http.post(api('/tests/7/questions'), async ({ request }) => {
      posted.push((await request.json()) as QuestionInput);
      return reply(fixture.question(3));
    }),
    http.post(api('/tests/7/questions/batch'), async ({ request }) => {
      const batch = (await request.json()) as QuestionBatch;
      batches.push(batch);
      if (batch.questions.some((q) => (q.stem.en ?? '').length > 25))
        return Response.json(
          {
            ...fixture.errorEnvelope(400, 'request.invalid', 'The request is not valid'),
            result: {
              error: 'request.invalid',
              errors: [
                {
                  field: 'questions.1.stem.en',
                  error: 'field.tooLong',
                  params: { maximum: 25 },
                  message: 'At most 25 characters',
                },
              ],
            },
          },
          { status: 400 },
        );
      return reply({ imported: batch.questions.length, total: 2 + batch.questions.length });
    }),
  );
  return { posted, batches };
}

const openNewQuestion = async () => {
  click(await screen.findByRole('button', { name: 'New question' }));
  return screen.findByRole('dialog', { name: 'New question' });
};

const chooseScale = async (drawer: HTMLElement, name: string | RegExp) => {
  click(within(drawer).getByRole('button', { name: 'Answer scale' }));
  click(await screen.findByRole('menuitem', { name }));
};

describe('adding questions', () => {
  it('fills the options from a preset scale, in the language the test is written in', async () => {
    const { posted } = serveTest({ zh: '', en: 'Sleep quality' });
    renderApp('/qtable?testId=7');
    const drawer = await openNewQuestion();
    fill(within(drawer).getByLabelText('Question (English)'), 'Little interest in doing things');
    await chooseScale(drawer, /^0–3/);
    await within(drawer).findByRole('group', { name: 'Option 4' });
    click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.type).toBe('single');
    expect(posted[0]!.options?.map((o) => [o.text, o.score])).toEqual([
      [{ zh: '', en: 'Not at all' }, 0],
      [{ zh: '', en: 'Several days' }, 1],
      [{ zh: '', en: 'More than half the days' }, 2],
      [{ zh: '', en: 'Nearly every day' }, 3],
    ]);
  });

  it('fills both languages when the test holds both, and a Likert scale makes a Likert question', async () => {
    const { posted } = serveTest({ zh: '睡眠质量', en: 'Sleep quality' });
    renderApp('/qtable?testId=7');
    const drawer = await openNewQuestion();
    fill(within(drawer).getByLabelText('Question (Chinese)'), '我睡得很好');
    await chooseScale(drawer, /^Likert 1–5/);
    await within(drawer).findByRole('group', { name: 'Option 5' });
    click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.type).toBe('likert');
    expect(posted[0]!.options?.[0]).toMatchObject({
      text: { zh: '非常不同意', en: 'Strongly disagree' },
      score: 1,
    });
    expect(posted[0]!.options?.[4]).toMatchObject({
      text: { zh: '非常同意', en: 'Strongly agree' },
      score: 5,
    });
  });

  it('copies the options of the previous question', async () => {
    const { posted } = serveTest({ zh: '', en: 'Sleep quality' });
    renderApp('/qtable?testId=7');
    const drawer = await openNewQuestion();
    fill(within(drawer).getByLabelText('Question (English)'), 'Trouble falling asleep');
    await chooseScale(drawer, 'Same options as question 2');
    click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.options?.map((o) => [o.label, o.text.en, o.score])).toEqual([
      ['A', 'Option 1', 5],
      ['B', 'Option 2', 6],
    ]);
  });

  it('asks once before a scale replaces options already written', async () => {
    serveTest({ zh: '', en: 'Sleep quality' });
    renderApp('/qtable?testId=7');
    const drawer = await openNewQuestion();
    fill(
      within(within(drawer).getByRole('group', { name: 'Option 1' })).getByLabelText('Text (English)'),
      'Mine',
    );
    await chooseScale(drawer, /^Yes \/ no/);
    const confirm = await screen.findByRole('dialog', { name: 'Replace the options?' });
    click(within(confirm).getByRole('button', { name: 'Replace' }));
    const first = () =>
      within(within(drawer).getByRole('group', { name: 'Option 1' })).getByLabelText('Text (English)');
    await waitFor(() => expect((first() as HTMLInputElement).value).toBe('Yes'));
    expect(within(drawer).queryByRole('group', { name: 'Option 3' })).toBeNull();
  });
});

describe('pasting questions', () => {
  it('previews one question per line with the chosen scale, then adds them in one request', async () => {
    const { batches } = serveTest({ zh: '', en: 'Sleep quality' });
    renderApp('/qtable?testId=7');
    click(await screen.findByRole('button', { name: 'Paste questions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Paste questions' });
    fill(
      within(dialog).getByLabelText('Questions, one per line'),
      '1. Feeling tired\n\n  Poor appetite  \n3、Trouble concentrating\n',
    );
    click(within(dialog).getByRole('combobox', { name: 'Answer scale' }));
    click(await screen.findByTitle(/^0–3/));
    const preview = await within(dialog).findByRole('table', { name: 'Preview' });
    expect([...preview.querySelectorAll('tbody tr.ant-table-row')].map((row) => row.textContent)).toEqual([
      '3Feeling tiredNot at all · Several days · More than half the days · Nearly every day',
      '4Poor appetiteNot at all · Several days · More than half the days · Nearly every day',
      '5Trouble concentratingNot at all · Several days · More than half the days · Nearly every day',
    ]);
    click(within(dialog).getByRole('button', { name: 'Add 3 questions' }));
    expect(await screen.findByText('3 questions added; the test has 5')).toBeTruthy();
    expect(batches).toHaveLength(1);
    expect(batches[0]!.questions.map((q) => [q.stem, q.type, q.options?.length])).toEqual([
      [{ zh: '', en: 'Feeling tired' }, 'single', 4],
      [{ zh: '', en: 'Poor appetite' }, 'single', 4],
      [{ zh: '', en: 'Trouble concentrating' }, 'single', 4],
    ]);
  });

  it('shows what the server refused by line, and adds nothing', async () => {
    const { batches } = serveTest({ zh: '', en: 'Sleep quality' });
    renderApp('/qtable?testId=7');
    click(await screen.findByRole('button', { name: 'Paste questions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Paste questions' });
    fill(within(dialog).getByLabelText('Questions, one per line'), 'Short\nA question far too long for it');
    click(within(dialog).getByRole('button', { name: 'Add 2 questions' }));
    expect(await within(dialog).findByText('Line 2: Enter at most 25 characters')).toBeTruthy();
    expect(batches).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Paste questions' })).toBeTruthy();
  });
});
