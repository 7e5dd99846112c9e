import { recordSchema, testSchema } from '@cool/shared';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, queriesTo, renderApp, reply, server, setupIntegration } from '../../test/app.tsx';
import { click, screen, waitFor, within } from '../../test/dom.ts';
import * as fixture from '../../test/fixtures.ts';

setupIntegration();

const rows = [
  fixture.record(),
  fixture.record({
    id: 32,
    participant: { id: 8, nickname: null, erased: false },
    status: 'in_progress',
    finalScore: null,
    band: null,
    alertCount: 0,
    alert: null,
    submitTime: null,
  }),
];

const withLists = () =>
  server.use(
    http.get(api('/records'), () => reply(fixture.page(recordSchema, rows))),
    http.get(api('/tests'), () => reply(fixture.page(testSchema, [fixture.test()]))),
    http.get(api('/alerts/counts'), () => reply({ new: 0 })),
  );

describe('records list', () => {
  it('asks for the filters in the URL and shows each record with its tags', async () => {
    withLists();
    renderApp('/records?participant=Lin&testId=1&status=submitted&bandColour=moderate&hasAlert=true');
    const row = await screen.findByRole('row', { name: /^31/ });
    expect(within(row).getByText('Lin')).toBeTruthy();
    expect(within(row).getByText('PHQ-9 depression')).toBeTruthy();
    expect(within(row).getByText('v3')).toBeTruthy();
    expect(within(row).getByText('Submitted')).toBeTruthy();
    expect(within(row).getByText('Moderate')).toBeTruthy();
    expect(within(row).getByText('New')).toBeTruthy();
    const anonymous = await screen.findByRole('row', { name: /^32/ });
    expect(within(anonymous).getByText('Anonymous #8')).toBeTruthy();
    expect(within(anonymous).getByText('In progress')).toBeTruthy();

    expect(queriesTo('/records').at(-1)).toMatchObject({
      participant: 'Lin',
      testId: '1',
      status: 'submitted',
      bandColour: 'moderate',
      hasAlert: 'true',
    });
    expect((screen.getByLabelText('Participant') as HTMLInputElement).value).toBe('Lin');
  });
});
