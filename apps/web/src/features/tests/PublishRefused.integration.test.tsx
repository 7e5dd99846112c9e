import { categorySchema, testSchema } from '@cool/shared';
import { HttpResponse, http } from 'msw';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../shared/i18n/i18n.ts';
import { api, renderApp, reply, server, setupIntegration } from '../../test/app.tsx';
import { click, screen, waitFor, within } from '../../test/dom.ts';
import * as fixture from '../../test/fixtures.ts';

setupIntegration();

const draft = fixture.test({ id: 2, title: { zh: '草稿', en: 'Draft one' }, status: 'draft' });

/** The server's 409: the problems by code, whatever language its own message is in. */
const refusal = () => {
  const body = fixture.errorEnvelope(409, 'test.cannotPublish', 'The test cannot be published: ...');
  const problems = [
    { error: 'publish.noQuestions' },
    { error: 'publish.unscored', params: { question: 2, option: 'B' } },
  ];
  return HttpResponse.json({ ...body, result: { ...body.result, problems } }, { status: 409 });
};

describe('a refused publish', () => {
  it('lists the problems in the console language', async () => {
    await act(() => changeLanguage('zh-CN'));
    try {
      server.use(
        http.get(api('/tests'), () => reply(fixture.page(testSchema, [draft]))),
        http.get(api('/categories'), () => reply(fixture.page(categorySchema, [fixture.category()]))),
        http.post(api('/tests/2/publish'), refusal),
      );
      renderApp('/game');
      const row = await screen.findByRole('row', { name: /草稿/ });
      click(within(row).getByRole('button', { name: '草稿 的更多操作' }));
      click(await screen.findByRole('menuitem', { name: '上架' }));
      // antd spaces out a two-character Chinese button ("上 架"): find the confirmation's OK button instead.
      const ok = await waitFor(() => {
        const button = document.querySelector('.ant-modal-confirm .ant-btn-primary');
        if (!button) throw new Error('no confirmation');
        return button;
      });
      click(ok);
      const list = await screen.findByRole('list', { name: '需要解决的问题' });
      await waitFor(() =>
        expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
          '测试还没有题目',
          '第 2 题选项 B 没有分值',
        ]),
      );
    } finally {
      await act(() => changeLanguage('en-US'));
    }
  });
});
