import { type Category, categorySchema } from '@cool/shared';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
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
import { click, fill, screen, waitFor, within } from '../../test/dom.ts';
import * as fixture from '../../test/fixtures.ts';

setupIntegration();

const mood = fixture.category({ id: 1, nameZh: '情绪', nameEn: 'Mood', sortOrder: 1, testCount: 3 });
const sleep = fixture.category({ id: 2, nameZh: '睡眠', nameEn: 'Sleep', sortOrder: 2, status: 'disabled' });

/** The category list answers with these rows, whatever the query. */
const listOf = (...rows: Category[]) =>
  http.get(api('/categories'), () => reply(fixture.page(categorySchema, rows)));

const rowOf = (name: string) => screen.findByRole('row', { name: new RegExp(name) });

describe('category list', () => {
  it('shows a row per category with its names, test count and status', async () => {
    server.use(listOf(mood, sleep));
    renderApp('/user');
    const moodRow = await rowOf('Mood');
    expect(within(moodRow).getByText('情绪')).toBeTruthy();
    expect(within(moodRow).getByRole('cell', { name: '3' })).toBeTruthy();
    expect(within(moodRow).getByRole('switch', { name: 'Enabled' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    const sleepRow = await rowOf('Sleep');
    const sleepSwitch = within(sleepRow).getByRole('switch', { name: 'Disabled' });
    expect(sleepSwitch.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('Total: 2')).toBeTruthy();
  });

  it('searches by name and status, from the first page', async () => {
    server.use(
      http.get(api('/categories'), ({ request }) => {
        const name = new URL(request.url).searchParams.get('name');
        return reply(fixture.page(categorySchema, name ? [sleep] : [mood, sleep]));
      }),
    );
    renderApp('/user');
    await rowOf('Mood');
    fill(screen.getByLabelText('Name'), '  Sle ');
    click(screen.getByRole('combobox', { name: 'Status' }));
    click(await screen.findByTitle('Disabled'));
    click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(screen.queryByRole('row', { name: /Mood/ })).toBeNull());
    expect(await rowOf('Sleep')).toBeTruthy();
    expect(queriesTo('/categories').at(-1)).toMatchObject({ name: 'Sle', status: 'disabled', pageNo: '1' });
  });

  it('says so when no category matches', async () => {
    server.use(listOf());
    renderApp('/user');
    expect(await screen.findByText('No categories found')).toBeTruthy();
  });

  it('shows a load failure, and loads again on retry', async () => {
    let down = true;
    server.use(
      http.get(api('/categories'), () =>
        down
          ? replyError(503, 'server.unavailable', 'The service is starting or unavailable.')
          : reply(fixture.page(categorySchema, [mood])),
      ),
    );
    renderApp('/user');
    expect(await screen.findByText('The categories could not be loaded')).toBeTruthy();
    expect(screen.queryByRole('row', { name: /Mood/ })).toBeNull();

    down = false;
    click(screen.getByRole('button', { name: 'Retry' }));
    expect(await rowOf('Mood')).toBeTruthy();
    expect(screen.queryByText('The categories could not be loaded')).toBeNull();
  });

  it('asks before deleting, then deletes and says so', async () => {
    const deleted: string[] = [];
    server.use(
      listOf(mood, sleep),
      http.delete(api('/categories/:id'), ({ params }) => {
        deleted.push(String(params.id));
        return reply(null);
      }),
    );
    renderApp('/user');
    click(within(await rowOf('Sleep')).getByRole('button', { name: 'Delete' }));

    const confirm = await screen.findByRole('dialog', { name: 'Delete this category?' });
    expect(within(confirm).getByText('"Sleep" will be removed permanently.')).toBeTruthy();
    expect(deleted).toEqual([]);

    const listReads = queriesTo('/categories').length;
    click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Category deleted')).toBeTruthy();
    expect(deleted).toEqual(['2']);
    // The list is read again so the row goes away.
    await waitFor(() => expect(queriesTo('/categories').length).toBeGreaterThan(listReads));
    expect(requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
  });

  it('says up front that a category holding tests cannot be deleted, and offers no delete', async () => {
    server.use(listOf(mood, sleep));
    renderApp('/user');
    click(within(await rowOf('Mood')).getByRole('button', { name: 'Delete' }));

    const dialog = await screen.findByRole('dialog', { name: 'This category cannot be deleted' });
    expect(
      within(dialog).getByText('"Mood" holds 3 tests. Move them to another category or delete them first.'),
    ).toBeTruthy();
    expect(within(dialog).queryByText(/removed permanently/)).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
    click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((request) => request.method === 'DELETE')).toHaveLength(0);
  });

  it('offers the status in the form only to a role that may change it from what it is', async () => {
    server.use(
      listOf(mood, sleep),
      http.get(api('/user/info'), () =>
        reply(
          fixture.userInfo({ dashboard: ['query'], categories: ['query', 'get', 'add', 'edit', 'disable'] }),
        ),
      ),
    );
    renderApp('/user');
    const statusIn = async (dialog: Promise<HTMLElement>) => within(await dialog).queryByRole('radiogroup');

    click(within(await rowOf('Mood')).getByRole('button', { name: 'Edit' }));
    expect(await statusIn(screen.findByRole('dialog'))).toBeTruthy();
    click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Sleep is disabled, and this role may not enable.
    click(within(await rowOf('Sleep')).getByRole('button', { name: 'Edit' }));
    expect(await statusIn(screen.findByRole('dialog'))).toBeNull();
  });

  it('saves an edit without the status for a role that may not enable or disable', async () => {
    const saved: unknown[] = [];
    server.use(
      listOf(mood, sleep),
      http.get(api('/user/info'), () =>
        reply(fixture.userInfo({ dashboard: ['query'], categories: ['query', 'get', 'add', 'edit'] })),
      ),
      http.put(api('/categories/:id'), async ({ request }) => {
        saved.push(await request.json());
        return reply(sleep);
      }),
    );
    renderApp('/user');
    click(within(await rowOf('Sleep')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('radiogroup')).toBeNull();
    click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Category saved')).toBeTruthy();
    expect(saved).toEqual([{ nameZh: '睡眠', nameEn: 'Sleep', iconUrl: null, sortOrder: 2 }]);

    click(screen.getByRole('button', { name: 'New category' }));
    expect(within(await screen.findByRole('dialog')).queryByRole('radiogroup')).toBeNull();
  });

  it('uploads the icon as a test cover is uploaded, and saves its URL', async () => {
    const saved: unknown[] = [];
    const uploaded: File[] = [];
    server.use(
      listOf(mood),
      http.post(api('/uploads'), async ({ request }) => {
        uploaded.push((await request.formData()).get('file') as File);
        return reply({ url: '/uploads/3f2a.png', name: 'leaf.png', contentType: 'image/png', size: 4 });
      }),
      http.post(api('/categories'), async ({ request }) => {
        saved.push(await request.json());
        return reply(mood);
      }),
    );
    renderApp('/user');
    await rowOf('Mood');
    click(screen.getByRole('button', { name: 'New category' }));
    const dialog = await screen.findByRole('dialog');
    // No address to type: the icon is an image to upload.
    expect(within(dialog).queryByRole('textbox', { name: 'Icon URL' })).toBeNull();
    fill(within(dialog).getByLabelText('Chinese name'), '压力');
    fill(within(dialog).getByLabelText('English name'), 'Stress');
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    const leaf = new File([new Uint8Array([137, 80, 78, 71])], 'leaf.png', { type: 'image/png' });
    Object.defineProperty(input, 'files', { value: [leaf], configurable: true });
    input.dispatchEvent(new Event('change', { bubbles: true }));
    expect(await screen.findByText('Image uploaded')).toBeTruthy();
    expect(uploaded.map((file) => file.name)).toEqual(['leaf.png']);
    expect(dialog.querySelector('img[src="/uploads/3f2a.png"]')).toBeTruthy();
    click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Category created')).toBeTruthy();
    expect(saved).toEqual([
      { nameZh: '压力', nameEn: 'Stress', iconUrl: '/uploads/3f2a.png', sortOrder: 0, status: 'enabled' },
    ]);
  });

  it("removes a category's icon", async () => {
    const saved: unknown[] = [];
    const withIcon = fixture.category({ ...mood, iconUrl: '/uploads/3f2a.png' });
    server.use(
      listOf(withIcon),
      http.put(api('/categories/:id'), async ({ request }) => {
        saved.push(await request.json());
        return reply(mood);
      }),
    );
    renderApp('/user');
    click(within(await rowOf('Mood')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    click(within(dialog).getByRole('button', { name: 'Remove' }));
    click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Category saved')).toBeTruthy();
    expect(saved).toMatchObject([{ iconUrl: null }]);
  });
});
