import { UPLOAD_MAX_BYTES } from '@cool/shared';
import { describe, expect, it } from 'vitest';
import { imageFileProblem } from './ImageUploadField.tsx';

describe('imageFileProblem (the cover and option image check before upload)', () => {
  it.each(['image/png', 'image/jpeg', 'image/webp', 'image/gif'])('accepts %s up to 2 MB', (type) => {
    expect(imageFileProblem({ type, size: UPLOAD_MAX_BYTES })).toBeNull();
  });

  it('refuses other types, whatever the size', () => {
    expect(imageFileProblem({ type: 'image/svg+xml', size: 10 })).toBe('type');
    expect(imageFileProblem({ type: '', size: 10 })).toBe('type');
  });

  it('refuses anything over 2 MB', () => {
    expect(imageFileProblem({ type: 'image/png', size: UPLOAD_MAX_BYTES + 1 })).toBe('size');
  });
});
