import { UserOutlined } from '@ant-design/icons';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { ImageAvatar } from './ImageAvatar.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
const host = document.createElement('div');
document.body.append(host);
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
});

const show = (src?: string) =>
  act(() => {
    root ??= createRoot(host);
    root.render(<ImageAvatar src={src} icon={<UserOutlined />} />);
  });
const picture = () => host.querySelector('img');
const icon = () => host.querySelector('[aria-label="user"]');

describe('ImageAvatar', () => {
  it('shows the picture, and the icon without one', async () => {
    await show('https://cdn.example/a.png');
    expect(picture()?.getAttribute('src')).toBe('https://cdn.example/a.png');
    expect(icon()).toBeNull();
    await show(undefined);
    expect(picture()).toBeNull();
    expect(icon()).not.toBeNull();
  });

  it('falls back to the icon when the picture fails to load, and tries a new picture again', async () => {
    await show('https://cdn.example/broken.png');
    await act(() => picture()?.dispatchEvent(new Event('error')));
    expect(picture()).toBeNull();
    expect(icon()).not.toBeNull();
    await show('https://cdn.example/new.png');
    expect(picture()?.getAttribute('src')).toBe('https://cdn.example/new.png');
  });
});
