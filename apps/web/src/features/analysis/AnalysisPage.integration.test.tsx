import {
  BUILT_IN_ROLES,
  type Grants,
  salesByCategorySchema,
  salesOverviewSchema,
  salesPeriodSchema,
  visitsOverviewSchema,
  visitsPeriodSchema,
} from '@cool/shared';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chinaToday } from '../../shared/ui/format.ts';
import {
  api,
  queriesTo,
  renderApp,
  reply,
  replyError,
  requests,
  server,
  setupIntegration,
} from '../../test/app.tsx';
import { click, screen, waitFor, within } from '../../test/dom.ts';
import * as fixture from '../../test/fixtures.ts';
import { totalFontSize } from './components/ChartCard.tsx';
import { presetPeriod } from './period.ts';

setupIntegration();

const PHQ = { zh: '抑郁筛查', en: 'Depression screening' };
const GAD = { zh: '焦虑筛查', en: 'Anxiety screening' };
const days = (counts: number[]) =>
  counts.map((count, i) => ({ date: `2026-03-${String(i + 1).padStart(2, '0')}`, count }));

/** The sales overview's answer, checked against the shared contract; `change` replaces some of it. */
const salesOverview = (change: object = {}) =>
  salesOverviewSchema.parse({
    totalFen: 5965,
    salesFen: { today: 3975, yesterday: 0, week: 5965, previousWeek: 1000 },
    payments: 5,
    paymentsToday: 4,
    paymentTrend: days([0, 1, 4]),
    conversion: {
      submitted: 6,
      paid: 4,
      week: { submitted: 5, paid: 4 },
      previousWeek: { submitted: 4, paid: 1 },
    },
    ...change,
  });

/** The server's answers, checked against the shared contract as the server's are. */
function answers() {
  server.use(
    http.get(api('/analysis/sales/overview'), () => reply(salesOverview())),
    http.get(api('/analysis/sales'), () =>
      reply(
        salesPeriodSchema.parse({
          buckets: [{ bucket: '2026-03-01', amountFen: 5965, payments: 5 }],
          totalFen: 5965,
          payments: 5,
          ranking: [
            { testId: 1, title: PHQ, amountFen: 4975, payments: 3 },
            { testId: 2, title: GAD, amountFen: 990, payments: 2 },
          ],
        }),
      ),
    ),
    http.get(api('/analysis/sales/categories'), ({ request }) =>
      reply(
        salesByCategorySchema.parse(
          new URL(request.url).searchParams.get('channel') === 'h5'
            ? { totalFen: 0, categories: [] }
            : {
                totalFen: 5965,
                categories: [
                  { categoryId: 3, name: { zh: '情绪', en: 'Mood' }, amountFen: 4975 },
                  { categoryId: null, name: null, amountFen: 990 },
                ],
              },
        ),
      ),
    ),
    http.get(api('/analysis/visits/overview'), () =>
      reply(
        visitsOverviewSchema.parse({
          total: 1234,
          visits: { today: 8, yesterday: 2, week: 8, previousWeek: 0 },
          trend: days([2, 8]),
        }),
      ),
    ),
    http.get(api('/analysis/visits'), () =>
      reply(
        visitsPeriodSchema.parse({
          buckets: [{ bucket: '2026-03-01', records: 8, participants: 7 }],
          records: 8,
          participants: 7,
          ranking: [{ testId: 1, title: PHQ, records: 4 }],
          weeklyRange: { from: '2026-03-02', to: '2026-03-08' },
          topTests: [
            { testId: 1, title: PHQ, participants: 4, records: 4, week: 6, previousWeek: 4 },
            { testId: 2, title: GAD, participants: 2, records: 2, week: 1, previousWeek: 2 },
          ],
        }),
      ),
    ),
  );
}

const withGrants = (grants: Grants) =>
  server.use(http.get(api('/user/info'), () => reply(fixture.userInfo(grants))));

/** The top card titled so. */
const card = async (title: string) =>
  within((await screen.findByRole('heading', { name: title })).closest('section') as HTMLElement);

const analysisRequests = () => requests.filter((r) => new URL(r.url).pathname.startsWith('/api/analysis'));

describe('analysis dashboard', () => {
  it('shows the sales, payments, conversion and visits the server counted', async () => {
    answers();
    renderApp('/dashboard/analysis');
    const total = await card('Total sales');
    await waitFor(() => expect(total.getByText('¥59.65')).toBeTruthy());
    expect(total.getByText('¥39.75')).toBeTruthy();
    // The last 7 days against the 7 before: 5965 / 1000 - 1.
    expect(total.getByText(/496\.5%/)).toBeTruthy();
    const payments = await card('Payments');
    await waitFor(() => expect(payments.getByText('5')).toBeTruthy());
    const conversion = await card('Operational effect');
    await waitFor(() => expect(conversion.getByText('66.7%')).toBeTruthy());
    expect(conversion.getByText('Conversion rate: 4 of 6 paid')).toBeTruthy();
    expect(conversion.getByText('Last 7 days 80%')).toBeTruthy();
    expect(conversion.getByText('Prior 7 days 25%')).toBeTruthy();
    const visits = await card('Visits');
    await waitFor(() => expect(visits.getByText('1,234')).toBeTruthy());

    // This month by day, in China's days, for every period section.
    const month = presetPeriod('month');
    expect(month.from <= chinaToday() && chinaToday() <= month.to).toBe(true);
    for (const path of ['/analysis/sales', '/analysis/visits'])
      await waitFor(() =>
        expect(queriesTo(path).at(-1)).toEqual({ from: month.from, to: month.to, unit: 'day' }),
      );
    expect(queriesTo('/analysis/sales/categories').at(-1)).toEqual({ from: month.from, to: month.to });

    const ranking = await card('Sales ranking');
    await waitFor(() =>
      expect(ranking.getByRole('listitem', { name: '1Depression screening¥49.75' })).toBeTruthy(),
    );
    expect(ranking.getByRole('listitem', { name: '2Anxiety screening¥9.90' })).toBeTruthy();

    // The top tests: participants, per capita and the weekly range.
    const table = await screen.findByRole('table', {
      name: 'The tests the most participants took in the period (each counted once a day)',
    });
    // The weekly range's 7 days, as the server counted them, under its heading.
    expect(within(table).getByRole('columnheader', { name: 'Weekly range03-02 – 03-08' })).toBeTruthy();
    const first = await within(table).findByRole('row', { name: /^1Depression screening4/ });
    expect(within(first).getByText('50%')).toBeTruthy();
    expect(within(first).getByRole('img', { name: 'Up' })).toBeTruthy();
    const second = within(table).getByRole('row', { name: /^2Anxiety screening2/ });
    expect(within(second).getByRole('img', { name: 'Down' })).toBeTruthy();
    expect(screen.getByText('1.1')).toBeTruthy();

    // The proportion by category, then one channel.
    await waitFor(() => expect(screen.getByText('Mood')).toBeTruthy());
    expect(screen.getByText('Uncategorized')).toBeTruthy();
    expect(screen.getByText('83.4%')).toBeTruthy();
    click(screen.getByLabelText('Mobile browser'));
    await waitFor(() =>
      expect(queriesTo('/analysis/sales/categories').at(-1)).toMatchObject({ channel: 'h5' }),
    );
    await waitFor(() => expect(screen.queryByText('Mood')).toBeNull());
  });

  it('asks for the whole year by month when chosen', async () => {
    answers();
    renderApp('/dashboard/analysis');
    await card('Total sales');
    click(screen.getByLabelText('All year'));
    const year = chinaToday().slice(0, 4);
    await waitFor(() =>
      expect(queriesTo('/analysis/sales').at(-1)).toEqual({
        from: `${year}-01-01`,
        to: `${year}-12-31`,
        unit: 'month',
      }),
    );
    await waitFor(() => expect(queriesTo('/analysis/visits').at(-1)).toMatchObject({ unit: 'month' }));
  });

  it('shows a role that may query records only the visits, and never asks for sales', async () => {
    answers();
    withGrants({ dashboard: ['query'], records: ['query'] });
    renderApp('/dashboard/analysis');
    const visits = await card('Visits');
    await waitFor(() => expect(visits.getByText('1,234')).toBeTruthy());
    await screen.findByRole('table', {
      name: 'The tests the most participants took in the period (each counted once a day)',
    });
    expect(screen.queryByRole('heading', { name: 'Total sales' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Proportion of sales' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Sales' })).toBeNull();
    expect(analysisRequests().some((r) => new URL(r.url).pathname.includes('/sales'))).toBe(false);
  });

  it('shows a role that may query orders only the sales, and never asks for visits', async () => {
    answers();
    withGrants({ ...BUILT_IN_ROLES[0]!.grants, records: [] });
    renderApp('/dashboard/analysis');
    const total = await card('Total sales');
    await waitFor(() => expect(total.getByText('¥59.65')).toBeTruthy());
    await waitFor(() => expect(screen.getByText('Mood')).toBeTruthy());
    expect(screen.queryByRole('heading', { name: 'Visits' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Online top search' })).toBeNull();
    expect(analysisRequests().some((r) => new URL(r.url).pathname.includes('/visits'))).toBe(false);
  });

  it('shows a section that failed with its error and a retry, and the others as usual', async () => {
    answers();
    let failing = true;
    server.use(
      http.get(api('/analysis/sales/overview'), () =>
        failing ? replyError(500, 'server.internal', 'Something went wrong on the server.') : undefined,
      ),
    );
    renderApp('/dashboard/analysis');
    const total = await card('Total sales');
    const alert = await total.findByRole('alert');
    // Named after its card: other cards' alerts may show beside it.
    expect(within(alert).getByText('Total sales could not be loaded')).toBeTruthy();
    expect(within(alert).getByText(/Something went wrong/)).toBeTruthy();
    const visits = await card('Visits');
    await waitFor(() => expect(visits.getByText('1,234')).toBeTruthy());
    failing = false;
    click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(total.getByText('¥59.65')).toBeTruthy());
  });

  it('shows a total of millions in full, smaller rather than cut', async () => {
    answers();
    server.use(
      http.get(api('/analysis/sales/overview'), () =>
        reply(
          salesOverview({
            totalFen: 123456789,
            salesFen: { today: 0, yesterday: 0, week: 0, previousWeek: 0 },
          }),
        ),
      ),
    );
    renderApp('/dashboard/analysis');
    const total = await card('Total sales');
    const figure = await waitFor(() => total.getByText('¥1,234,567.89'));
    // Nothing of it is cut: no ellipsis and no clipping on it or its box, and it may wrap as a last resort.
    for (
      let node: HTMLElement | null = figure;
      node && node.tagName !== 'SECTION';
      node = node.parentElement
    ) {
      expect(node.style.textOverflow).not.toBe('ellipsis');
      expect(node.style.overflow).not.toBe('hidden');
      expect(node.style.whiteSpace).not.toBe('nowrap');
      expect(node.style.height).toBe('');
    }
    // Its size follows the card's width (happy-dom keeps no clamp() style, so the rule is checked on its own):
    // 14% of the card's inner width, 25.7 px in the 184 px of a card at 1280 px, where the figure's 7.1 ems
    // (at most) take 183 px; a short figure keeps the template's 30 px.
    expect((figure.closest('section') as HTMLElement).style.containerType).toBe('inline-size');
    expect(totalFontSize('¥1,234,567.89')).toBe('clamp(16px, 14cqi, 30px)');
    expect(totalFontSize('5')).toBe('clamp(16px, 100cqi, 30px)');
  });

  describe('the small charts', () => {
    // happy-dom lays nothing out: give the charts a size, so recharts draws them and tracks the pointer.
    const size = { x: 0, y: 0, left: 0, top: 0, width: 200, height: 46, right: 200, bottom: 46 };
    afterEach(() => vi.restoreAllMocks());

    /** Points at the chart's bar or point of `index` of `count`, and returns the tooltip's text. */
    async function tooltipAt(chart: Element, index: number, count: number) {
      const wrapper = await waitFor(() => {
        const found = chart.querySelector('.recharts-wrapper');
        if (!found?.querySelector('.recharts-surface')) throw new Error('no chart drawn');
        return found;
      });
      const clientX = ((index + 0.5) * size.width) / count;
      for (const type of ['mouseenter', 'mousemove'])
        wrapper.dispatchEvent(new MouseEvent(type, { bubbles: true, clientX, clientY: 30 }));
      return waitFor(() => {
        const text = chart.querySelector('.recharts-tooltip-wrapper')?.textContent;
        if (!text) throw new Error('no tooltip');
        return text;
      });
    }

    it("label a day as the trend's axis does and show its number grouped", async () => {
      vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue(size as DOMRect);
      answers();
      server.use(
        http.get(api('/analysis/visits/overview'), () =>
          reply(
            visitsOverviewSchema.parse({
              total: 1234,
              visits: { today: 8, yesterday: 2, week: 8, previousWeek: 0 },
              trend: days([2, 12345]),
            }),
          ),
        ),
      );
      renderApp('/dashboard/analysis');
      const visits = (await screen.findByRole('heading', { name: 'Visits' })).closest('section')!;
      expect(await tooltipAt(visits, 1, 2)).toBe('03-02Visits : 12,345');
      const payments = (await screen.findByRole('heading', { name: 'Payments' })).closest('section')!;
      expect(await tooltipAt(payments, 2, 3)).toBe('03-03Payments : 4');
    });
  });
});
