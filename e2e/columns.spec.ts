import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, apiLogin, MOBILE_VIEWPORT, SCREENSHOT_DIR, signInAs } from './support.ts';
import { expect, test } from './test.ts';

const LANGUAGES = ['en-US', 'zh-CN'] as const;
type Language = (typeof LANGUAGES)[number];

async function useLanguage(page: Page, language: Language) {
  await page.addInitScript((lang) => {
    localStorage.setItem('app-settings', JSON.stringify({ state: { language: lang }, version: 1 }));
  }, language);
}

/** A draft test with a long title and one question with an image, so every column has something to show. */
async function createTestWithImage(request: APIRequestContext) {
  const { token } = await apiLogin(request, ADMIN.username, ADMIN.password);
  const headers = { Authorization: token };
  const title = {
    zh: '睡眠质量与日间功能自评量表',
    en: 'Sleep quality and daytime functioning self-rating scale',
  };
  const created = await request.post('/api/tests', {
    headers,
    data: {
      title,
      subtitle: { zh: '七个夜晚', en: 'Seven nights' },
      categoryIds: [1, 2],
      priceFen: 1990,
      minutes: 15,
    },
  });
  const { id } = (await created.json()).result as { id: number };
  const question = await request.post(`/api/tests/${id}/questions`, {
    headers,
    data: {
      stem: { zh: '你最近睡得好吗？', en: 'Have you slept well lately?' },
      imageUrl: '/uploads/question.png',
      options: [
        { label: 'A', text: { zh: '否', en: 'No' }, score: 0 },
        { label: 'B', text: { zh: '是', en: 'Yes' }, score: 1 },
      ],
    },
  });
  expect(question.ok()).toBe(true);
  return id;
}

/**
 * Every header and cell of the page's table that a user cannot read whole: content wider than its box (cut or
 * ellipsed), a cell outside the table's visible width or under a pinned column, a header on two lines.
 */
function unreadableCells(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const container = document.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
    if (!container) return ['no table'];
    const view = container.getBoundingClientRect();
    if (container.scrollWidth > container.clientWidth + 1)
      problems.push(`table scrolls sideways: ${container.scrollWidth} > ${container.clientWidth}`);
    const pinned = [
      ...document.querySelectorAll<HTMLElement>('.ant-table-cell-fix-right, .ant-table-cell-fix-left'),
    ];
    const cells = document.querySelectorAll<HTMLElement>(
      '.ant-table-thead th, .ant-table-tbody tr.ant-table-row td',
    );
    for (const cell of cells) {
      const name = `${cell.tagName.toLowerCase()} "${(cell.textContent ?? '').trim().slice(0, 30)}"`;
      if (
        (cell.textContent ?? '').trim() === '' &&
        !cell.querySelector('img, button, input, [role="switch"]')
      )
        continue;
      // The cell, and each element holding text in it (not widgets such as a switch's sliding track).
      const holders = [cell, ...cell.querySelectorAll<HTMLElement>('*')].filter(
        (element) =>
          element === cell ||
          [...element.childNodes].some(
            (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
          ),
      );
      for (const element of holders) {
        if (element.clientWidth > 0 && element.scrollWidth > element.clientWidth + 1) {
          problems.push(`${name}: content ${element.scrollWidth} px in ${element.clientWidth} px`);
          break;
        }
      }
      const box = cell.getBoundingClientRect();
      if (box.left < view.left - 1 || box.right > view.right + 1) problems.push(`${name}: outside the table`);
      if (!pinned.includes(cell)) {
        const row = cell.parentElement;
        for (const pin of pinned) {
          if (pin.parentElement !== row) continue;
          const over = pin.getBoundingClientRect();
          if (over.left < box.right - 1 && over.right > box.left + 1)
            problems.push(`${name}: under a pinned column`);
        }
      }
      if (cell.tagName === 'TH') {
        // A wrapped text shows as boxes at different heights.
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(node);
          const tops = [...range.getClientRects()].map((rect) => rect.top);
          if (tops.length > 1 && Math.max(...tops) - Math.min(...tops) > 4)
            problems.push(`${name}: header on two lines`);
        }
      }
    }
    return problems;
  });
}

// Three pages per test on a busy machine.
test.describe.configure({ timeout: 180_000 });

test.describe('tables at desktop widths', () => {
  let testId = 0;
  test.beforeAll(async ({ request }) => {
    testId = await createTestWithImage(request);
  });

  for (const width of [1280, 1366, 1920]) {
    for (const language of LANGUAGES) {
      test(`no header or cell is cut or hidden, ${width} px, ${language}`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await useLanguage(page, language);
        await signInAs(page, ADMIN.username, ADMIN.password);
        for (const [name, path] of [
          ['categories', '/user'],
          ['tests', '/game'],
          ['questions', `/qtable?testId=${testId}`],
        ] as const) {
          await page.goto(path);
          await expect(page.locator('.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
          await expect(page.locator('.ant-spin-spinning, [aria-busy="true"]')).toHaveCount(0);
          await page.screenshot({ path: `${SCREENSHOT_DIR}/columns-${name}-${width}-${language}.png` });
          expect(await unreadableCells(page), `${name} at ${width} px`).toEqual([]);
        }
      });
    }
  }
});

test.describe('tables on a phone', () => {
  for (const language of LANGUAGES) {
    test(`each test and category shows its actions without sideways scrolling, ${language}`, async ({
      page,
    }) => {
      const zh = language === 'zh-CN';
      await page.setViewportSize(MOBILE_VIEWPORT);
      await useLanguage(page, language);
      await signInAs(page, ADMIN.username, ADMIN.password);
      const inView = async (label: string) => {
        // antd spaces out two-character Chinese button labels.
        const name = zh ? new RegExp(`^${[...label].join('\\s?')}$`) : label;
        const button = page.locator('.ant-table-row').first().getByRole('button', { name, exact: true });
        await expect(button).toBeVisible();
        const box = await button.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= MOBILE_VIEWPORT.width, `${label} on screen`).toBe(
          true,
        );
      };

      await page.goto('/game');
      await expect(page.locator('.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('.ant-spin-spinning, [aria-busy="true"]')).toHaveCount(0);
      for (const name of zh ? ['编辑', '题目', '预览'] : ['Edit', 'Questions', 'Preview']) await inView(name);
      expect(await unreadableCells(page)).toEqual([]);
      await page.screenshot({
        path: `${SCREENSHOT_DIR}/columns-tests-phone-${language}.png`,
        fullPage: true,
      });

      await page.goto('/user');
      await expect(page.locator('.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('.ant-spin-spinning, [aria-busy="true"]')).toHaveCount(0);
      for (const name of zh ? ['编辑', '删除'] : ['Edit', 'Delete']) await inView(name);
      expect(await unreadableCells(page)).toEqual([]);
      await page.screenshot({
        path: `${SCREENSHOT_DIR}/columns-categories-phone-${language}.png`,
        fullPage: true,
      });
    });
  }
});
