import {
  categorySchema,
  questionSchema,
  type ScoreReport,
  scoreTest,
  scoringSchema,
  testSchema,
} from '@cool/shared';
import { http } from 'msw';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../shared/i18n/i18n.ts';
import { api, renderApp, reply, replyError, requests, server, setupIntegration } from '../../test/app.tsx';
import { blur, click, fill, screen, waitFor, within } from '../../test/dom.ts';
import * as fixture from '../../test/fixtures.ts';

setupIntegration();

const live = fixture.test({ id: 1, title: { zh: '', en: 'Live one' }, status: 'on_shelf', priceFen: 990 });
const draft = fixture.test({ id: 2, title: { zh: '', en: 'Draft one' }, status: 'draft' });

/** The list with one live and one draft test; publishing and saving answer with the test. */
function serveList() {
  server.use(
    http.get(api('/tests'), () => reply(fixture.page(testSchema, [live, draft]))),
    http.get(api('/categories'), () => reply(fixture.page(categorySchema, [fixture.category()]))),
    http.post(api('/tests/2/publish'), () => reply(fixture.testDetail({ ...draft, status: 'on_shelf' }))),
    http.put(api('/tests/:id'), () => reply(fixture.testDetail(live))),
  );
}

/** The open drawer or modal with this title (antd names them by title only in a real browser). */
const dialog = (title: string) =>
  waitFor(() => {
    const found = [
      ...document.querySelectorAll<HTMLElement>(
        '.ant-drawer-title, .ant-modal-title, .ant-modal-confirm-title',
      ),
    ]
      .filter((heading) => heading.textContent?.trim() === title)
      .map((heading) => heading.closest<HTMLElement>('.ant-drawer, .ant-modal'))
      .filter((box, i, all) => all.indexOf(box) === i);
    if (found.length !== 1) throw new Error(`${found.length} dialogs titled ${title}`);
    return found[0]!;
  });

const writes = () => requests.filter((request) => request.method !== 'GET');
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

async function openEdit(title: string) {
  const row = await screen.findByRole('row', { name: new RegExp(title) });
  click(within(row).getByRole('button', { name: 'Edit' }));
  return dialog('Edit test');
}

describe('test safeguards', () => {
  it('asks before publishing, and publishes only once confirmed', async () => {
    serveList();
    renderApp('/game');
    const row = await screen.findByRole('row', { name: /Draft one/ });
    click(within(row).getByRole('button', { name: 'More actions for Draft one' }));
    click(await screen.findByRole('menuitem', { name: 'Publish' }));
    const ask = await dialog('Put this test on the shelf?');
    expect(ask.textContent).toContain('"Draft one"');
    await settle();
    expect(writes()).toEqual([]);
    click(within(ask).getByRole('button', { name: 'Publish' }));
    await waitFor(() =>
      expect(writes().map((r) => new URL(r.url).pathname)).toEqual(['/api/tests/2/publish']),
    );
  });

  it("asks before changing a live test's price, and saves only once confirmed", async () => {
    serveList();
    renderApp('/game');
    const drawer = await openEdit('Live one');
    fill(within(drawer).getByLabelText('Price (yuan)'), '19.9');
    blur(within(drawer).getByLabelText('Price (yuan)'));
    click(within(drawer).getByRole('button', { name: 'Save' }));
    const ask = await dialog('Change the price of a live test?');
    expect(ask.textContent).toContain('¥9.90');
    expect(ask.textContent).toContain('¥19.90');
    await settle();
    expect(writes()).toEqual([]);
    click(within(ask).getByRole('button', { name: 'Change the price' }));
    await waitFor(() => expect(writes().map((r) => r.method)).toEqual(['PUT']));
  });

  it('saves a live test whose price stays the same without asking', async () => {
    serveList();
    renderApp('/game');
    const drawer = await openEdit('Live one');
    click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes().map((r) => r.method)).toEqual(['PUT']));
    expect(document.querySelector('.ant-modal-confirm')).toBeNull();
  });

  it('refuses a negative price beside the field and sends nothing', async () => {
    serveList();
    renderApp('/game');
    const drawer = await openEdit('Draft one');
    const price = within(drawer).getByLabelText('Price (yuan)');
    fill(price, '-5');
    blur(price);
    click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText(/^Enter a price from 0 to/)).toBeTruthy();
    await settle();
    expect(writes()).toEqual([]);
  });
});

describe('test preview', () => {
  const questions = [fixture.question(1)];

  /** What the scoring engine reports for the second option, as the server computes it. */
  const outcome = scoreTest({ questions, scoring: scoringSchema.parse({}) }, [1]);
  if (!outcome.ok) throw new Error('the fixture answers should score');
  const computed: ScoreReport = outcome.report;

  function servePreview(serverReport: ScoreReport) {
    serveList();
    server.use(
      http.get(api('/tests/2'), () => reply(fixture.testDetail(draft))),
      http.get(api('/tests/2/questions'), () => reply(fixture.page(questionSchema, questions))),
      http.post(api('/tests/2/score'), () => reply(serverReport)),
    );
  }

  async function seeReport() {
    renderApp('/game');
    const row = await screen.findByRole('row', { name: /Draft one/ });
    click(within(row).getByRole('button', { name: 'Preview' }));
    const drawer = await dialog('Preview: Draft one');
    click(await within(drawer).findByText('Option 2'));
    click(within(drawer).getByRole('button', { name: 'See the report' }));
    return within(drawer).findByRole('region', { name: 'Report' });
  }

  it('shows the report without a line comparing the console and the server', async () => {
    servePreview(computed);
    const report = await seeReport();
    await settle();
    expect(report.textContent).not.toMatch(/console|server/i);
  });

  it('warns in user words when the server scores the answers differently', async () => {
    servePreview({ ...computed, totalRaw: computed.totalRaw + 1 });
    const report = await seeReport();
    await waitFor(() =>
      expect(report.textContent).toContain(
        'The saved test scores these answers differently from this preview: check the scoring',
      ),
    );
  });

  // Last in the file: switching the language back saves it after the page is gone, as the next page opens.
  it('names unanswered questions in the console language', async () => {
    await act(() => changeLanguage('zh-CN'));
    try {
      servePreview(computed);
      server.use(
        http.post(api('/tests/2/score'), () =>
          replyError(400, 'test.badAnswers', 'Some answers are not valid'),
        ),
      );
      renderApp('/game');
      const row = await screen.findByRole('row', { name: /Draft one/ });
      click(within(row).getByRole('button', { name: '预览' }));
      const drawer = await dialog('预览：Draft one');
      await within(drawer).findByText('Option 2');
      click(within(drawer).getByRole('button', { name: '查看报告' }));
      const report = await within(drawer).findByRole('region', { name: '报告' });
      expect(within(report).getByRole('listitem').textContent).toBe('第 1 题: 必填');
      const question = within(drawer).getByRole('group', { name: '第 1 题' });
      expect(question.textContent).toContain('必填');
      expect(drawer.textContent).not.toContain('required');
    } finally {
      await act(() => changeLanguage('en-US'));
    }
  });
});
