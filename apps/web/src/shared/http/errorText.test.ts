import enErrors from '@cool/shared/errors/en-US';
import zhErrors from '@cool/shared/errors/zh-CN';
import { createInstance, type TFunction } from 'i18next';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import enPack from '../../app/locales/en-US.ts';
import zhPack from '../../app/locales/zh-CN.ts';
import { ApiError, NETWORK_ERROR_STATUS } from './client.ts';
import { errorText, fieldErrorText } from './errorText.ts';
import { formLabels } from './formErrors.ts';

let zh: TFunction;
let en: TFunction;

beforeAll(async () => {
  const i18n = createInstance();
  await i18n.init({
    lng: 'zh-CN',
    resources: {
      'zh-CN': { translation: { ...zhPack.messages, serverError: zhErrors } },
      'en-US': { translation: { ...enPack.messages, serverError: enErrors } },
    },
    interpolation: { escapeValue: false },
  });
  zh = i18n.getFixedT('zh-CN');
  en = i18n.getFixedT('en-US');
});

const refused = (errors: object[]) =>
  new ApiError(400, 'nameEn: Enter at most 100 characters', { error: 'request.invalid', errors });

describe('errorText', () => {
  beforeEach(() => {
    document.body.innerHTML = '<form><label for="category_nameEn" title="英文名称">英文名称</label></form>';
  });

  it("shows a refused field in the console's language, named by its form label", () => {
    const error = refused([
      {
        field: 'nameEn',
        error: 'field.tooLong',
        params: { maximum: 100 },
        message: 'Enter at most 100 characters',
      },
    ]);
    expect(errorText(error, zh, formLabels('category'))).toBe('英文名称: 最多输入 100 个字符');
    expect(errorText(error, en)).toBe('nameEn: Enter at most 100 characters');
  });

  it('translates an error code with its parameters', () => {
    const inUse = new ApiError(409, 'This category still has tests. Move or delete them first.', {
      error: 'category.inUse',
    });
    expect(errorText(inUse, zh)).toBe('该分类下还有测试，请先移走或删除这些测试');
    const deletion = new ApiError(409, 'English', { error: 'test.inUse', params: { records: 3, orders: 1 } });
    expect(errorText(deletion, zh)).toBe('该测试有 3 条记录和 1 笔订单，不能删除。可下架以归档。');
    expect(
      errorText(new ApiError(401, 'Invalid username or password', { error: 'auth.invalidCredentials' }), zh),
    ).toBe('用户名或密码错误');
  });

  it("falls back to the server's message for a code this console does not know", () => {
    const error = new ApiError(409, 'Something new happened', { error: 'future.problem' });
    expect(errorText(error, zh)).toBe('Something new happened');
    expect(fieldErrorText({ field: 'x', error: 'future.field', message: 'Server text' }, zh)).toBe(
      'Server text',
    );
  });

  it("words a failure that is not the server's answer (a proxy's page) in the console's language", () => {
    const proxy = (status: number) =>
      new ApiError(status, `Request failed with status code ${status}`, null, false);
    expect(errorText(proxy(502), zh)).toBe('服务器暂时无法应答，请稍后重试。');
    expect(errorText(proxy(502), en)).toBe('The server could not answer. Please try again shortly.');
    expect(errorText(proxy(413), zh)).toBe('出错了。');
    // The server's own answer keeps its text (it answers in the user's language).
    expect(errorText(new ApiError(500, 'Database unavailable'), en)).toBe('Database unavailable');
  });

  it('translates the failure when no answer arrived', () => {
    expect(errorText(new ApiError(NETWORK_ERROR_STATUS, 'timeout'), en)).toBe(en('common.error.timeout'));
  });
});
