import type { Test } from '@cool/shared';
import { describe, expect, it } from 'vitest';
import { fieldPath } from '../../shared/http/formErrors.ts';
import { fenToYuan, testFormField, toTestFormValues, toTestInput, yuanToFen } from './mapping.ts';

describe('yuanToFen', () => {
  it.each([
    [0, 0],
    ['0', 0],
    [19.9, 1990],
    ['19.90', 1990],
    [0.01, 1],
    [1.1, 110],
    [100000, 10000000],
    ['0.29', 29],
  ])('%s yuan -> %s fen', (yuan, fen) => expect(yuanToFen(yuan)).toBe(fen));

  it.each([[-1], [1.234], ['abc'], [''], [null], [undefined], ['1e3']])('refuses %s', (yuan) =>
    expect(yuanToFen(yuan as never)).toBeNull(),
  );

  it('round-trips every cent of a yuan', () => {
    for (let fen = 0; fen <= 1000; fen++) expect(yuanToFen(fenToYuan(fen))).toBe(fen);
  });
});

const test: Test = {
  id: 7,
  title: { zh: '抑郁', en: 'Depression' },
  subtitle: { zh: '', en: 'Sub' },
  coverUrl: '/uploads/a.png',
  introduction: { zh: '介绍', en: '' },
  instructions: { zh: '', en: '' },
  categories: [
    { id: 1, nameZh: '情绪', nameEn: 'Mood' },
    { id: 3, nameZh: '睡眠', nameEn: 'Sleep' },
  ],
  priceFen: 1990,
  minutes: 8,
  status: 'draft',
  sortOrder: 2,
  questionCount: 9,
  participantCount: 0,
  version: 0,
  builtinKey: null,
  createdBy: 'admin',
  updatedBy: 'admin',
  createTime: '2026-01-01T00:00:00Z',
  updateTime: '2026-01-01T00:00:00Z',
  publishTime: null,
};

describe('test form mapping', () => {
  it('maps a test to form values and back', () => {
    const values = toTestFormValues(test);
    expect(values.priceYuan).toBe(19.9);
    expect(values.categoryIds).toEqual([1, 3]);
    expect(toTestInput(values)).toEqual({
      title: test.title,
      subtitle: test.subtitle,
      introduction: test.introduction,
      instructions: test.instructions,
      coverUrl: '/uploads/a.png',
      categoryIds: [1, 3],
      priceFen: 1990,
      minutes: 8,
      sortOrder: 2,
    });
  });

  it('starts a new test free, 5 minutes, with empty texts', () => {
    const values = toTestFormValues(null);
    expect(values).toMatchObject({ priceYuan: 0, minutes: 5, sortOrder: 0, coverUrl: null, categoryIds: [] });
    expect(values.title).toEqual({ zh: '', en: '' });
  });

  it('trims texts and sends an empty cover as null', () => {
    const input = toTestInput({
      ...toTestFormValues(null),
      title: { zh: '  标题 ', en: ' Title ' },
      coverUrl: '',
      priceYuan: '12.5',
    });
    expect(input.title).toEqual({ zh: '标题', en: 'Title' });
    expect(input.coverUrl).toBeNull();
    expect(input.priceFen).toBe(1250);
  });

  it('maps server field paths onto form fields', () => {
    expect(testFormField('priceFen')).toBe('priceYuan');
    expect(testFormField('title.zh')).toBe('title.zh');
    expect(fieldPath('title.zh')).toEqual(['title', 'zh']);
    expect(fieldPath('options.2.score')).toEqual(['options', 2, 'score']);
  });
});
