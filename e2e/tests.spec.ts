import fs from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  ADMIN,
  ALL_SCREENSHOTS,
  apiLogin,
  chooseOption,
  clickSettled,
  createAccount,
  MOBILE_VIEWPORT,
  PNG,
  SCREENSHOT_DIR,
  signInAs,
  uniqueSuffix,
} from './support.ts';
import { expect, test } from './test.ts';

const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

interface Envelope<T> {
  success: boolean;
  message: string;
  result: T;
}

/** Calls the API as the admin; fails the test unless the call succeeds. */
async function apiCall<T>(
  request: APIRequestContext,
  method: 'get' | 'post' | 'put',
  url: string,
  data?: unknown,
) {
  const { token } = await apiLogin(request, ADMIN.username, ADMIN.password);
  const response = await request[method](url, { headers: { Authorization: token }, data });
  const body = (await response.json()) as Envelope<T>;
  expect(body.success, body.message).toBe(true);
  return body.result;
}

const option = (label: string, en: string, score: number) => ({ label, text: { zh: en, en }, score });

/** A draft test with single-choice questions Q1..Qn (options A = 0, B = 1) and a banded total. */
async function createTestWithQuestions(request: APIRequestContext, title: string, count: number) {
  const categories = await apiCall<{ data: { id: number }[] }>(request, 'get', '/api/categories?pageSize=1');
  const test = await apiCall<{ id: number }>(request, 'post', '/api/tests', {
    title: { zh: title, en: title },
    categoryIds: [categories.data[0]!.id],
  });
  for (let i = 1; i <= count; i++) {
    await apiCall(request, 'post', `/api/tests/${test.id}/questions`, {
      stem: { zh: `题目 Q${i}`, en: `Question Q${i}` },
      options: [option('A', 'No', 0), option('B', 'Yes', 1)],
    });
  }
  await apiCall(request, 'put', `/api/tests/${test.id}/scoring`, {
    dimensions: [
      {
        key: 'total',
        name: { zh: '总分', en: 'Total' },
        bands: [
          { min: 0, max: 0, level: 'none', label: { zh: '无', en: 'None' }, colour: 'normal' },
          { min: 1, max: count, level: 'some', label: { zh: '有', en: 'Some' }, colour: 'moderate' },
        ],
      },
    ],
    alerts: [{ question: 1, operator: 'gt', score: 0, message: { zh: '第一题预警', en: 'Item 1 alert' } }],
  });
  return test.id;
}

async function chooseColour(page: Page, band: Locator, colour: string) {
  await band.getByLabel('Colour', { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(colour).click();
  await expect(band.getByTitle(colour, { exact: true })).toBeVisible();
}

async function stems(page: Page) {
  return page.locator('tbody tr.ant-table-row:visible td:nth-child(4)').allInnerTexts();
}

test.describe('psychological tests', () => {
  test('create a test with questions, dimensions and bands, publish it, preview it and get the report', async ({
    page,
  }) => {
    // Thirty seconds alone; longer while the other worker's browser shares the two cores.
    test.setTimeout(120_000);
    const title = `E2E test ${uniqueSuffix()}`;
    await signInAs(page, ADMIN.username, ADMIN.password);
    await page.goto('/game');
    await expect(page.getByRole('heading', { name: 'psychological test questions' })).toBeVisible();
    await expect(page.getByText(/Total: \d+/)).toBeVisible();

    // Create: validation first, then a valid test.
    await page.getByRole('button', { name: 'New test' }).click();
    const drawer = page.getByRole('dialog', { name: 'New test' });
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(drawer.getByText('Enter it in Chinese or English')).toHaveCount(2);
    await expect(drawer.getByText('Choose at least one category')).toBeVisible();
    await drawer.getByLabel('Title (English)', { exact: true }).fill(title);
    await chooseOption(
      page,
      drawer.getByLabel('Categories', { exact: true }),
      null,
      drawer.locator('.ant-select-selection-item'),
    );
    await page.keyboard.press('Escape');
    await drawer.getByLabel('Price (yuan)', { exact: true }).fill('9.9');
    await drawer.getByLabel('Minutes', { exact: true }).fill('3');
    // Cover: the 2 MB and image-type checks happen before sending; a PNG uploads and previews.
    const coverInput = drawer.locator('input[type=file]');
    await coverInput.setInputFiles({
      name: 'big.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(2 * 1024 * 1024 + 1),
    });
    await expect(page.getByText('The image must be 2 MB or smaller')).toBeVisible();
    await coverInput.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await expect(page.getByText('Choose a PNG, JPEG, WebP or GIF image')).toBeVisible();
    await coverInput.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText('Image uploaded')).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Preview image' })).toHaveCount(2);
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByText('Test created')).toBeVisible();

    await page.getByPlaceholder('Chinese or English title').fill(title);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('Total: 1')).toBeVisible();
    const row = rowOf(page, title);
    await expect(row).toContainText('¥9.90');
    await expect(row).toContainText('Draft');
    await row.getByRole('button', { name: `Cover of ${title}` }).click();
    const coverDialog = page.getByRole('dialog', { name: `Cover of ${title}` });
    await expect(coverDialog.getByRole('img', { name: `Cover of ${title}` })).toHaveAttribute(
      'src',
      /^\/uploads\/.+\.png$/,
    );
    // docs/spec.md section 2, layout 5: 800 px wide (measured once the opening animation is over).
    await expect.poll(async () => (await page.locator('.ant-modal').boundingBox())?.width).toBe(800);
    await coverDialog.getByRole('button', { name: 'Close' }).click();
    await expect(coverDialog).toBeHidden();

    // Publishing an empty test is refused with the problems named.
    await row.getByRole('button', { name: `More actions for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Publish' }).click();
    await clickSettled(page.getByRole('dialog', { name: 'Put this test on the shelf?' }), 'Publish');
    const refused = page.getByRole('dialog').filter({ hasText: 'cannot be published yet' });
    await expect(refused).toContainText('The test has no questions');
    await refused.getByRole('button', { name: 'OK' }).click();

    // Questions page.
    await row.getByRole('button', { name: 'Questions' }).click();
    await expect(page).toHaveURL(/\/qtable\?testId=\d+$/);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByText('No questions yet')).toBeVisible();

    // Question 1: single choice, No = 0, Yes = 2.
    await page.getByRole('button', { name: 'New question' }).click();
    let editor = page.getByRole('dialog', { name: 'New question' });
    await editor.getByLabel('Question (English)', { exact: true }).fill('Do you sleep badly?');
    const option1 = editor.getByRole('group', { name: 'Option 1' });
    await option1.getByLabel('Text (English)', { exact: true }).fill('No');
    await option1.getByLabel('Score', { exact: true }).fill('0');
    const option2 = editor.getByRole('group', { name: 'Option 2' });
    await option2.getByLabel('Text (English)', { exact: true }).fill('Yes');
    await option2.getByLabel('Score', { exact: true }).fill('2');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor).toBeHidden();
    await expect(page.getByText('Question added')).toBeVisible();

    // Question 2: Likert 0..3, reverse scored to 3..0.
    await page.getByRole('button', { name: 'New question' }).click();
    editor = page.getByRole('dialog', { name: 'New question' });
    await editor.getByLabel('Question (English)', { exact: true }).fill('I feel rested');
    await editor.getByLabel('Type', { exact: true }).click();
    await page.getByTitle('Likert').click();
    await editor.getByRole('button', { name: 'Remove option 2' }).click();
    await editor.getByRole('button', { name: 'Remove option 1' }).click();
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor.getByText('Give at least two options')).toBeVisible();
    for (const [i, text] of ['Never', 'Sometimes', 'Often', 'Always'].entries()) {
      await editor.getByRole('button', { name: 'Add option' }).click();
      await editor
        .getByRole('group', { name: `Option ${i + 1}` })
        .getByLabel('Text (English)', { exact: true })
        .fill(text);
    }
    const scores = () =>
      Promise.all(
        [1, 2, 3, 4].map((n) =>
          editor
            .getByRole('group', { name: `Option ${n}` })
            .getByLabel('Score', { exact: true })
            .inputValue(),
        ),
      );
    expect(await scores()).toEqual(['0', '1', '2', '3']);
    const reverse = editor.getByRole('switch', { name: 'Reverse scored' });
    await expect(reverse).not.toBeChecked();
    await reverse.click();
    await expect(reverse).toBeChecked();
    expect(await scores()).toEqual(['3', '2', '1', '0']);
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor).toBeHidden();
    await expect(page.locator('tbody tr.ant-table-row:visible')).toHaveCount(2);

    // Scoring: total with two bands and an item alert; problems show live.
    await page.getByRole('tab', { name: 'Scoring' }).click();
    await expect(page.getByText('The scoring defines no dimension')).toBeVisible();
    await page.getByRole('button', { name: 'Add total' }).click();
    const total = page.getByRole('group', { name: 'Dimension 1' });
    await expect(total.getByLabel('Key', { exact: true })).toHaveValue('total');
    await total.getByRole('button', { name: 'Add band' }).click();
    const low = total.getByRole('group', { name: 'Band 1' });
    await low.getByLabel('From', { exact: true }).fill('0');
    await low.getByLabel('To', { exact: true }).fill('2');
    await low.getByLabel('Level code', { exact: true }).fill('low');
    await low.getByLabel('Label (English)', { exact: true }).fill('Low');
    await chooseColour(page, low, 'Normal');
    await expect(page.getByText('no band covers the highest possible score 5')).toBeVisible();
    await total.getByRole('button', { name: 'Add band' }).click();
    const high = total.getByRole('group', { name: 'Band 2' });
    await high.getByLabel('From', { exact: true }).fill('3');
    await high.getByLabel('To', { exact: true }).fill('5');
    await high.getByLabel('Level code', { exact: true }).fill('high');
    await high.getByLabel('Label (English)', { exact: true }).fill('High');
    await high.getByLabel('Interpretation (English)', { exact: true }).fill('Sleep needs attention.');
    await chooseColour(page, high, 'Severe');
    await page.getByRole('button', { name: 'Add alert' }).click();
    const alert = page.getByRole('group', { name: 'Alert 1' });
    await alert.getByLabel('Question no.', { exact: true }).fill('2');
    await alert.getByLabel('Score', { exact: true }).fill('2');
    await alert.getByLabel('Message (English)', { exact: true }).fill('Not rested at all');
    await expect(page.getByText('Ready to publish: no problems found')).toBeVisible();
    await page.getByRole('button', { name: 'Save scoring' }).click();
    await expect(page.getByText('Scoring saved')).toBeVisible();

    // Publish from the list.
    await page.getByRole('link', { name: 'Back to the tests' }).click();
    await page.getByPlaceholder('Chinese or English title').fill(title);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(rowOf(page, title)).toContainText('2');
    await rowOf(page, title)
      .getByRole('button', { name: `More actions for ${title}` })
      .click();
    await page.getByRole('menuitem', { name: 'Publish' }).click();
    await clickSettled(page.getByRole('dialog', { name: 'Put this test on the shelf?' }), 'Publish');
    await expect(page.getByText(`"${title}" is on the shelf`)).toBeVisible();
    await expect(rowOf(page, title)).toContainText('On shelf');

    // Preview: answers Yes (2) and Never (3 after reversal) -> total 5, band High, alert on question 2.
    await rowOf(page, title).getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog', { name: `Preview: ${title}` });
    await preview.getByRole('button', { name: 'See the report' }).click();
    await expect(preview.getByRole('group', { name: 'Question 1' })).toContainText('Required');
    await expect(preview.getByText('The server did not compute a report')).toHaveCount(0);
    await preview.getByRole('group', { name: 'Question 1' }).getByText('Yes').click();
    await preview.getByRole('group', { name: 'Question 2' }).getByText('Never').click();
    await preview.getByRole('button', { name: 'See the report' }).click();
    const report = preview.getByRole('region', { name: 'Report' });
    await expect(report.getByRole('region', { name: 'Alerts' })).toContainText('Not rested at all');
    // Console and server agree: nothing is said about it.
    await expect(report.getByText(/server/)).toHaveCount(0);
    await expect(report.locator('.ant-descriptions')).toContainText('Final score5');
    await expect(report.locator('.ant-descriptions')).toContainText('LevelHigh');
    await expect(report).toContainText('Sleep needs attention.');
    await preview.getByRole('button', { name: 'Close' }).click();

    // On the shelf: questions and scoring are locked.
    await rowOf(page, title).getByRole('button', { name: 'Questions' }).click();
    await expect(page.getByText('questions and scoring are locked')).toBeVisible();
    await expect(page.getByRole('button', { name: 'New question' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  });

  test('reorder questions by dragging and with the move buttons', async ({ page }) => {
    const title = `E2E order ${uniqueSuffix()}`;
    const id = await createTestWithQuestions(page.request, title, 3);
    await signInAs(page, ADMIN.username, ADMIN.password);
    await page.goto(`/qtable?testId=${id}`);
    await expect.poll(() => stems(page)).toEqual(['Question Q1', 'Question Q2', 'Question Q3']);

    await rowOf(page, 'Question Q3').dragTo(rowOf(page, 'Question Q1'));
    await expect(page.getByText('Order saved')).toBeVisible();
    await expect.poll(() => stems(page)).toEqual(['Question Q3', 'Question Q1', 'Question Q2']);

    await page.getByRole('button', { name: 'Move question 2 down' }).click();
    await expect.poll(() => stems(page)).toEqual(['Question Q3', 'Question Q2', 'Question Q1']);
    await page.reload();
    await expect.poll(() => stems(page)).toEqual(['Question Q3', 'Question Q2', 'Question Q1']);

    // The alert followed its question (Q1, now third).
    await page.getByRole('tab', { name: 'Scoring' }).click();
    await expect(
      page.getByRole('group', { name: 'Alert 1' }).getByLabel('Question no.', { exact: true }),
    ).toHaveValue('3');

    // Bulk delete asks first.
    await page.getByRole('tab', { name: /^Questions/ }).click();
    await rowOf(page, 'Question Q1').getByRole('checkbox').check();
    await rowOf(page, 'Question Q2').getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Delete selected (2)' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Delete 2 questions?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    // Gone before asking again: a closing confirm still in the page would take the next click.
    await expect(confirm).toHaveCount(0);
    await expect(page.locator('tbody tr.ant-table-row:visible')).toHaveCount(3);
    await page.getByRole('button', { name: 'Delete selected (2)' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('2 questions deleted')).toBeVisible();
    await expect.poll(() => stems(page)).toEqual(['Question Q3']);
    await expect(page.getByRole('button', { name: 'Delete selected (0)' })).toBeDisabled();
  });

  test('export and import questions as CSV, with every bad row reported', async ({ page }, testInfo) => {
    const title = `E2E csv ${uniqueSuffix()}`;
    const id = await createTestWithQuestions(page.request, title, 2);
    await signInAs(page, ADMIN.username, ADMIN.password);
    await page.goto(`/qtable?testId=${id}`);
    await expect(page.locator('tbody tr.ant-table-row:visible')).toHaveCount(2);

    // Export.
    await page.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`test-${id}-questions.csv`);
    const exported = fs.readFileSync(await download.path(), 'utf8');
    expect(exported).toContain('question,type,required,stem_zh,stem_en');
    expect(exported).toContain('Question Q2');

    // A file with bad rows imports nothing and lists each bad row with its line.
    const header =
      'question,type,required,stem_zh,stem_en,image_url,option_label,option_text_zh,option_text_en,option_score,option_dimensions,option_pole,option_image_url';
    const bad = testInfo.outputPath('bad.csv');
    fs.writeFileSync(
      bad,
      [
        header,
        '1,single,yes,,Imported one,,A,,No,zero,,,',
        '1,,,,,,B,,Yes,1,,,',
        '2,dropdown,yes,,Imported two,,A,,x,0,,,',
        '',
      ].join('\n'),
    );
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import questions' });
    await expect(dialog.getByRole('button', { name: 'XLSX template' })).toBeEnabled();
    const [template] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'XLSX template' }).click(),
    ]);
    expect(template.suggestedFilename()).toMatch(/\.xlsx$/);
    expect(
      fs
        .readFileSync(await template.path())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
    await dialog.locator('input[type=file]').setInputFiles(bad);
    await expect(dialog.getByRole('alert')).toContainText('Nothing was imported');
    const errors = dialog.getByRole('table', { name: 'Problems in the file' });
    await expect(errors.getByRole('row').filter({ hasText: 'option_score' })).toContainText('2');
    await expect(errors.getByRole('row').filter({ hasText: 'type' })).toContainText('4');

    // A good file replaces the questions.
    const good = testInfo.outputPath('good.csv');
    fs.writeFileSync(
      good,
      [
        header,
        '1,single,yes,,Imported one,,A,,No,0,,,',
        '1,,,,,,B,,Yes,1,,,',
        '2,likert,no,,Imported two,,1,,Low,0,,,',
        '2,,,,,,2,,High,1,,,',
        '',
      ].join('\n'),
    );
    await dialog.getByText('Replace all questions').click();
    await expect(
      dialog.getByText('Every existing question of this test will be deleted first.'),
    ).toBeVisible();
    await dialog.locator('input[type=file]').setInputFiles(good);
    await expect(page.getByText('2 questions imported; the test now has 2')).toBeVisible();
    await expect.poll(() => stems(page)).toEqual(['Imported one', 'Imported two']);

    // The list exports CSV with the current filters.
    await page.goto('/game');
    await page.getByPlaceholder('Chinese or English title').fill(title);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('Total: 1')).toBeVisible();
    const [list] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = fs.readFileSync(await list.path(), 'utf8');
    expect(csv).toContain(title);
    expect(csv.trim().split('\n')).toHaveLength(2);
  });

  test('duplicate, export and import a whole test as JSON, and delete with confirmation', async ({
    page,
  }, testInfo) => {
    const title = `E2E json ${uniqueSuffix()}`;
    const id = await createTestWithQuestions(page.request, title, 2);
    await signInAs(page, ADMIN.username, ADMIN.password);
    await page.goto('/game');
    await page.getByPlaceholder('Chinese or English title').fill(title);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('Total: 1')).toBeVisible();
    const more = (name: string) =>
      rowOf(page, name).getByRole('button', { name: `More actions for ${name}` });

    await more(title).click();
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    await expect(page.getByText(`"${title}" duplicated as a draft`)).toBeVisible();
    await expect(page.getByText('Total: 2')).toBeVisible();

    await more(title).first().click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Export JSON' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`test-${id}.json`);
    const document = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
    expect(document.format).toBe('cool-evaluation/test');
    expect(document.questions).toHaveLength(2);
    expect(document.scoring.alerts).toHaveLength(1);

    const file = testInfo.outputPath('test.json');
    document.test.title = { zh: `${title} 导入`, en: `${title} imported` };
    fs.writeFileSync(file, JSON.stringify(document));
    await page
      .getByRole('region', { name: 'Psychological tests' })
      .locator('input[type=file]')
      .setInputFiles(file);
    await expect(page.getByText(`"${title} imported" imported as a draft`)).toBeVisible();
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('Total: 3')).toBeVisible();
    await expect(rowOf(page, `${title} imported`)).toContainText('2');

    await page
      .getByRole('region', { name: 'Psychological tests' })
      .locator('input[type=file]')
      .setInputFiles({
        name: 'broken.json',
        mimeType: 'application/json',
        buffer: Buffer.from('{ nope'),
      });
    await expect(page.getByText('The file is not a JSON test document')).toBeVisible();

    const copy = `${title} (copy)`;
    await more(copy).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Delete this test?' });
    await expect(confirm).toContainText(copy);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(rowOf(page, copy)).toHaveCount(1);
    await more(copy).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`"${copy}" deleted`)).toBeVisible();
    await expect(page.getByText('Total: 2')).toBeVisible();
  });

  test('a viewer sees the tests without the buttons it may not use', async ({ page }) => {
    const viewer = await createAccount(page.request, 'viewer');
    await signInAs(page, viewer.username, viewer.password);
    await page.goto('/game');
    await expect(page.locator('tbody tr.ant-table-row:visible').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'New test' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Import JSON' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Preview' }).first()).toBeVisible();
  });
});

test.describe('test screenshots', () => {
  // English on a desktop and Chinese on a phone (every pairing with E2E_ALL_SCREENSHOTS=1).
  const pairs = [
    ['desktop', { width: 1280, height: 800 }, 'en-US'],
    ['mobile', MOBILE_VIEWPORT, 'zh-CN'],
    ...(ALL_SCREENSHOTS
      ? ([
          ['desktop', { width: 1280, height: 800 }, 'zh-CN'],
          ['mobile', MOBILE_VIEWPORT, 'en-US'],
        ] as const)
      : []),
  ] as const;
  for (const [viewportName, viewport, language] of pairs) {
    test(`tests, questions, scoring and preview, ${language}, ${viewportName}`, async ({ page }) => {
      const zh = language === 'zh-CN';
      const shot = (name: string) =>
        page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${language}-${viewportName}.png` });
      await page.setViewportSize(viewport);
      await page.addInitScript((lang) => {
        localStorage.setItem('app-settings', JSON.stringify({ state: { language: lang }, version: 1 }));
      }, language);
      await signInAs(page, ADMIN.username, ADMIN.password);

      await page.goto('/game');
      await expect(page.locator('tbody tr.ant-table-row:visible').first()).toBeVisible();
      await expect(page.locator('.ant-spin-spinning, [aria-busy="true"]')).toHaveCount(0);
      await shot('tests-list');
      await page.getByPlaceholder(zh ? '中文或英文标题' : 'Chinese or English title').fill('PHQ-9');
      await page.getByRole('button', { name: zh ? /^查\s?询$/ : 'Search' }).click();
      await expect(page.locator('.ant-spin-spinning, [aria-busy="true"]')).toHaveCount(0);

      const phq = rowOf(page, 'PHQ-9').first();
      await phq.getByRole('button', { name: zh ? /^编\s?辑$/ : 'Edit' }).click();
      await expect(page.getByRole('dialog', { name: zh ? '编辑测评' : 'Edit test' })).toBeVisible();
      await shot('test-edit');
      await page.getByRole('button', { name: zh ? /^取\s?消$/ : 'Cancel' }).click();

      await phq.getByRole('button', { name: zh ? /^预\s?览$/ : 'Preview' }).click();
      const preview = page
        .getByRole('dialog')
        .filter({ has: page.getByRole('button', { name: zh ? '查看报告' : 'See the report' }) });
      for (let n = 1; n <= 9; n++) {
        await preview
          .getByRole('group', { name: zh ? `第 ${n} 题` : `Question ${n}` })
          .getByRole('radio')
          .nth(n === 9 ? 1 : 2)
          .check();
      }
      await preview.getByRole('button', { name: zh ? '查看报告' : 'See the report' }).click();
      const report = preview.getByRole('region', { name: zh ? '报告' : 'Report' });
      await expect(report.getByRole('region', { name: zh ? '预警' : 'Alerts' })).toBeVisible();
      await report.scrollIntoViewIfNeeded();
      await shot('test-preview-report');
      await page.keyboard.press('Escape');

      // A typology test: type code, per-axis percentages.
      await expect(preview).toBeHidden();
      // Other specs add tests, so find it by title rather than on the first page.
      await page.getByPlaceholder(zh ? '中文或英文标题' : 'Chinese or English title').fill('四维性格类型');
      await page.getByRole('button', { name: zh ? /^查\s?询$/ : 'Search' }).click();
      await expect(page.locator('tbody tr.ant-table-row:visible')).toHaveCount(1);
      await rowOf(page, zh ? '四维性格类型' : 'Four-letter personality type')
        .getByRole('button', { name: zh ? /^预\s?览$/ : 'Preview' })
        .click();
      const groups = preview.getByRole('group');
      await expect(groups.first()).toBeVisible();
      for (let n = 0; n < (await groups.count()); n++) await groups.nth(n).getByRole('radio').first().check();
      await preview.getByRole('button', { name: zh ? '查看报告' : 'See the report' }).click();
      await expect(preview.getByRole('progressbar').first()).toBeVisible();
      await preview.getByRole('progressbar').last().scrollIntoViewIfNeeded();
      await shot('test-preview-typology');
      await page.keyboard.press('Escape');

      // The seeded scales are on the shelf (locked); a draft copy shows the editors as staff use them.
      const list = await apiCall<{ data: { id: number; title: { en: string } }[] }>(
        page.request,
        'get',
        '/api/tests?title=PHQ-9',
      );
      const copy = await apiCall<{ id: number }>(
        page.request,
        'post',
        `/api/tests/${list.data[0]!.id}/duplicate`,
      );
      await page.goto(`/qtable?testId=${copy.id}`);
      await expect(page.locator('tbody tr.ant-table-row:visible')).toHaveCount(9);
      await expect(page.locator('.ant-spin-spinning, [aria-busy="true"]')).toHaveCount(0);
      await shot('questions');
      await page
        .getByRole('button', { name: zh ? /^编\s?辑$/ : 'Edit' })
        .first()
        .click();
      await expect(page.getByRole('dialog', { name: zh ? '编辑第 1 题' : 'Edit question 1' })).toBeVisible();
      await shot('question-edit');
      await page.getByRole('button', { name: zh ? /^取\s?消$/ : 'Cancel' }).click();
      await page.getByRole('tab', { name: zh ? '计分规则' : 'Scoring' }).click();
      await expect(page.getByRole('group').first()).toBeVisible();
      await shot('scoring');
    });
  }
});
