import { questionSchema, scoringSchema } from '@cool/shared';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { useTabsStore } from '../../shared/tabs/tabsStore.ts';
import { api, renderApp, reply, requests, server, setupIntegration } from '../../test/app.tsx';
import { click, screen, waitFor, within } from '../../test/dom.ts';
import * as fixture from '../../test/fixtures.ts';

setupIntegration();

const scoring = scoringSchema.parse({
  dimensions: [
    {
      key: 'total',
      name: { zh: '总分', en: 'Total' },
      bands: [{ min: 0, max: 4, level: 'all', label: { zh: '', en: 'All' }, colour: 'mild' }],
    },
  ],
});

function serveTest() {
  server.use(
    http.get(api('/tests/7'), () =>
      reply(fixture.testDetail({ id: 7, title: { zh: '睡眠质量', en: 'Sleep quality' } }, scoring)),
    ),
    http.get(api('/tests/7/questions'), () =>
      reply(fixture.page(questionSchema, [fixture.question(1), fixture.question(2)])),
    ),
  );
}

describe('questions page', () => {
  it("is titled by the test's title when opened by a link or a reload, tab and page alike", async () => {
    serveTest();
    renderApp('/qtable?testId=7');
    expect(await screen.findByRole('heading', { name: /^Sleep quality/ })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Sleep quality - Cool Evaluation'));
    expect(useTabsStore.getState().tabs.find((tab) => tab.key === '/qtable?testId=7')?.title).toBe(
      'Sleep quality',
    );
  });

  it('ends its breadcrumb with the test it shows, under the tests list', async () => {
    serveTest();
    renderApp('/qtable?testId=7');
    await screen.findByRole('heading', { name: /^Sleep quality/ });
    const breadcrumb = document.querySelector('nav[aria-label="Breadcrumb"]');
    expect(breadcrumb?.textContent).toMatch(/Home\s*\/\s*psychological test questions\s*\/\s*Sleep quality/);
  });

  it('makes a new band choose its colour: none is preset, and saving without one says so', async () => {
    serveTest();
    renderApp('/qtable?testId=7');
    click(await screen.findByRole('tab', { name: 'Scoring' }));
    const total = await screen.findByRole('group', { name: 'Dimension 1' });
    click(within(total).getByRole('button', { name: 'Add band' }));
    const band = await within(total).findByRole('group', { name: 'Band 2' });
    expect(band.querySelector('.ant-select-content')?.textContent ?? '').not.toMatch(/Normal/);
    click(screen.getByRole('button', { name: 'Save scoring' }));
    expect(await within(band).findByText('Choose a colour')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(requests.filter((request) => request.method === 'PUT')).toEqual([]);
  });
});
