import type { ComponentProps } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { click, screen, within } from '../../test/dom.ts';
import { renderPage } from '../../test/renderPage.tsx';
import { ItemList } from './ItemList.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let unmount: (() => void) | undefined;
const show = async (props: ComponentProps<typeof ItemList>) => {
  unmount?.();
  unmount = await renderPage(<ItemList {...props} />);
};
afterEach(() => {
  unmount?.();
  unmount = undefined;
  document.body.replaceChildren();
});
const find = (selector: string) => document.body.querySelector(selector);

describe('ItemList', () => {
  it('draws a named list whose rows show their avatar, title, description, content and actions', async () => {
    const modify = vi.fn();
    await show({
      label: 'Security',
      rows: [
        {
          key: 'password',
          avatar: <span>🔑</span>,
          title: 'Account password',
          description: 'Strength: medium',
          actions: (
            <button type="button" onClick={modify}>
              Modify
            </button>
          ),
        },
        {
          key: 'question',
          title: 'Security question',
          description: 'Not used',
          content: 'Use email instead',
        },
      ],
    });
    const list = screen.getByRole('list', { name: 'Security' });
    const rows = [...list.querySelectorAll<HTMLElement>(':scope > li')];
    expect(rows.map((row) => row.textContent)).toEqual([
      '🔑Account passwordStrength: mediumModify',
      'Security questionNot usedUse email instead',
    ]);
    // The actions are the row's own buttons, reached and pressed like any other.
    click(within(list).getByRole('button', { name: 'Modify' }));
    expect(modify).toHaveBeenCalledOnce();
    // Lines between the rows, none under the last.
    expect(rows[0]!.style.borderBlockEnd).not.toBe('');
    expect(rows[1]!.style.borderBlockEnd).toBe('');
    expect(screen.queryByText('No data')).toBeNull();
  });

  it('is named by its header when it has one', async () => {
    await show({ header: 'Latest failures', rows: [{ key: 1, content: 'signature' }] });
    expect(
      within(screen.getByRole('list', { name: 'Latest failures' })).getByRole('listitem').textContent,
    ).toBe('signature');
  });

  it('says so when there are no rows, in its own words or antd’s, and spins while they load', async () => {
    await show({ label: 'Tests', rows: [], empty: 'No tests yet' });
    expect(screen.getByText('No tests yet')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();

    await show({ label: 'Tests', rows: [] });
    expect(find('.ant-empty')).not.toBeNull();

    await show({ label: 'Tests', rows: [], empty: 'No tests yet', loading: true });
    expect(screen.queryByText('No tests yet')).toBeNull();
    expect(find('[aria-busy="true"] .ant-spin-spinning')).not.toBeNull();

    await show({ label: 'Tests', rows: [{ key: 1, title: 'PHQ-9' }], loading: false });
    expect(find('[aria-busy="true"]')).toBeNull();
    expect(screen.getByRole('list', { name: 'Tests' }).textContent).toBe('PHQ-9');
  });
});
