import type { FormInstance } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './client.ts';
import { applyFieldErrors, fieldPath } from './formErrors.ts';

const formSpy = () => {
  const setFields = vi.fn();
  return { form: { setFields } as unknown as FormInstance, setFields };
};

const refused = (errors: { field: string; message: string }[]) =>
  new ApiError(400, 'Validation failed', { errors });

describe('fieldPath', () => {
  it('turns a dotted server field into a name path with numeric list indexes', () => {
    expect(fieldPath('dimensions.0.bands.12.min')).toEqual(['dimensions', 0, 'bands', 12, 'min']);
    expect(fieldPath('title.zh')).toEqual(['title', 'zh']);
    expect(fieldPath('nameEn')).toEqual(['nameEn']);
  });
});

describe('applyFieldErrors', () => {
  it('puts each message on its nested field', () => {
    const { form, setFields } = formSpy();
    const error = refused([
      { field: 'dimensions.0.bands.0.min', message: 'Too small' },
      { field: 'options.1.text', message: 'Give the text in Chinese or English' },
    ]);
    expect(applyFieldErrors(form, error)).toBe(true);
    expect(setFields).toHaveBeenCalledWith([
      { name: ['dimensions', 0, 'bands', 0, 'min'], errors: ['Too small'] },
      { name: ['options', 1, 'text'], errors: ['Give the text in Chinese or English'] },
    ]);
  });

  it('renames server fields the form names differently', () => {
    const { form, setFields } = formSpy();
    applyFieldErrors(form, refused([{ field: 'priceFen', message: 'Too high' }]), (field) =>
      field === 'priceFen' ? 'priceYuan' : field,
    );
    expect(setFields).toHaveBeenCalledWith([{ name: ['priceYuan'], errors: ['Too high'] }]);
  });

  it('leaves the form alone when the failure names no field', () => {
    const { form, setFields } = formSpy();
    expect(applyFieldErrors(form, new ApiError(409, 'Name taken'))).toBe(false);
    expect(applyFieldErrors(form, new Error('offline'))).toBe(false);
    expect(setFields).not.toHaveBeenCalled();
  });
});
