import { theme } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '../../test/dom.ts';
import { renderPage } from '../../test/renderPage.tsx';
import { StatusTag } from './StatusTag.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const token = theme.getDesignToken();
/** A text's colour as its style gives it, without the spaces the DOM adds. */
const colourOf = (text: string) => screen.getByText(text).style.color.replaceAll(' ', '');

describe('StatusTag', () => {
  let unmount: (() => void) | undefined;
  afterEach(() => {
    unmount?.();
    document.body.replaceChildren();
  });

  it("shows a status in antd's colours for it, and a name in the text colour", async () => {
    unmount = await renderPage(
      <>
        <StatusTag tone="success">On shelf</StatusTag>
        <StatusTag tone="warning">Off shelf</StatusTag>
        <StatusTag>Personality</StatusTag>
      </>,
    );
    expect(colourOf('On shelf')).toBe(token.colorSuccess);
    expect(colourOf('Off shelf')).toBe(token.colorWarning);
    expect(colourOf('Personality')).toBe(token.colorText);
  });
});
