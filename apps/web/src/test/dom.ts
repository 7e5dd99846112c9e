/**
 * What a user sees and does, for the integration tests: find elements by their ARIA role and accessible
 * name, by visible text or by their label, and click or type like a person would. A small stand-in for
 * Testing Library (not installed), covering the roles the console's pages use.
 */

type TextMatch = string | RegExp;

const IMPLICIT_ROLES: Record<string, string> = {
  button: 'button, input[type="button"], input[type="submit"], input[type="reset"]',
  link: 'a[href]',
  textbox:
    'input:not([type]), input[type="text"], input[type="search"], input[type="email"], input[type="url"], textarea',
  spinbutton: 'input[type="number"]',
  checkbox: 'input[type="checkbox"]',
  heading: 'h1, h2, h3, h4, h5, h6',
  table: 'table',
  row: 'tr',
  cell: 'td',
  columnheader: 'th',
  list: 'ul, ol',
  listitem: 'li',
  img: 'img[alt]:not([alt=""])',
  navigation: 'nav',
};

const normalize = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

const matches = (text: string, match: TextMatch) =>
  typeof match === 'string' ? text === match : match.test(text);

/** Hidden from users: removed from the accessibility tree, or hidden by an inline style (antd's way). */
function isHidden(element: Element): boolean {
  for (let node: Element | null = element; node; node = node.parentElement) {
    if (node.getAttribute('aria-hidden') === 'true' || node.hasAttribute('hidden')) return true;
    const style = (node as HTMLElement).style;
    if (style && (style.display === 'none' || style.visibility === 'hidden')) return true;
  }
  return false;
}

function roleOf(element: Element): string | null {
  const explicit = element.getAttribute('role');
  if (explicit) return explicit.split(/\s+/)[0] ?? null;
  for (const [role, selector] of Object.entries(IMPLICIT_ROLES)) if (element.matches(selector)) return role;
  return null;
}

function labelsOf(element: Element): string[] {
  const texts: string[] = [];
  const id = element.getAttribute('id');
  if (id)
    for (const label of element.ownerDocument.querySelectorAll(`label[for="${CSS.escape(id)}"]`))
      texts.push(normalize(label.textContent));
  const wrapping = element.closest('label');
  if (wrapping) texts.push(normalize(wrapping.textContent));
  return texts;
}

/** The accessible name, in the order browsers compute it for the cases the console has. */
function accessibleName(element: Element): string {
  const labelledBy = element.getAttribute('aria-labelledby');
  if (labelledBy) {
    const text = labelledBy
      .split(/\s+/)
      // Inside the element first: under NODE_ENV=test antd gives every title the same id, `test-id`.
      .map((id) =>
        normalize(
          (element.querySelector(`[id="${CSS.escape(id)}"]`) ?? element.ownerDocument.getElementById(id))
            ?.textContent,
        ),
      )
      .join(' ');
    if (text.trim()) return normalize(text);
  }
  const label = element.getAttribute('aria-label');
  if (label?.trim()) return normalize(label);
  if (element.matches('input, textarea, select')) {
    const labels = labelsOf(element).filter(Boolean);
    if (labels.length) return labels.join(' ');
    return normalize(element.getAttribute('title') ?? element.getAttribute('placeholder'));
  }
  if (element.matches('img')) return normalize(element.getAttribute('alt'));
  const role = roleOf(element);
  if (role && ['group', 'dialog', 'alertdialog', 'region', 'table', 'list', 'navigation'].includes(role))
    return '';
  return normalize(element.textContent) || normalize(element.getAttribute('title'));
}

/** Queries scoped to one part of the page, like Testing Library's `within`. */
export function within(container: ParentNode) {
  const allByRole = (role: string, options: { name?: TextMatch } = {}) => {
    const implicit = IMPLICIT_ROLES[role];
    const selector = `[role="${role}"]${implicit ? `, ${implicit}` : ''}`;
    return [...container.querySelectorAll<HTMLElement>(selector)].filter(
      (element) =>
        roleOf(element) === role &&
        !isHidden(element) &&
        (options.name === undefined || matches(accessibleName(element), options.name)),
    );
  };

  /** The innermost visible elements whose text matches. */
  const allByText = (text: TextMatch) => {
    const found: HTMLElement[] = [];
    // Returns whether the element or one inside it matched; a text not contained prunes the subtree.
    const visit = (element: Element): boolean => {
      const content = normalize(element.textContent);
      if (typeof text === 'string' && !content.includes(text)) return false;
      let inner = false;
      for (const child of element.children) inner = visit(child) || inner;
      if (inner) return true;
      if (!matches(content, text)) return false;
      if (!isHidden(element)) found.push(element as HTMLElement);
      return true;
    };
    for (const child of container.children) visit(child);
    return found;
  };

  /** Form controls labelled so, by a `<label>` or `aria-label`. */
  const allByLabel = (text: TextMatch) =>
    [...container.querySelectorAll<HTMLElement>('input, textarea, select, [role]')].filter(
      (element) =>
        !isHidden(element) &&
        (labelsOf(element).some((label) => matches(label, text)) ||
          (element.hasAttribute('aria-label') &&
            matches(normalize(element.getAttribute('aria-label')), text))),
    );

  const single = <T>(found: T[], what: string): T => {
    if (found.length === 1) return found[0] as T;
    throw new Error(`${found.length === 0 ? 'No' : `${found.length} elements for`} ${what} found`);
  };

  const getByRole = (role: string, options?: { name?: TextMatch }) =>
    single(allByRole(role, options), `role=${role} ${String(options?.name ?? '')}`);
  const getByText = (text: TextMatch) => single(allByText(text), `text ${String(text)}`);
  /** Elements showing this tooltip text, e.g. antd's select options and page numbers. */
  const getByTitle = (text: TextMatch) =>
    single(
      [...container.querySelectorAll<HTMLElement>('[title]')].filter(
        (element) => matches(normalize(element.getAttribute('title')), text) && !isHidden(element),
      ),
      `title ${String(text)}`,
    );
  return {
    getByRole,
    queryByRole: (role: string, options?: { name?: TextMatch }) => allByRole(role, options)[0] ?? null,
    findByRole: (role: string, options?: { name?: TextMatch }) => waitFor(() => getByRole(role, options)),
    getByText,
    queryByText: (text: TextMatch) => allByText(text)[0] ?? null,
    findByText: (text: TextMatch) => waitFor(() => getByText(text)),
    getByLabelText: (text: TextMatch) => single(allByLabel(text), `label ${String(text)}`),
    getByTitle,
    findByTitle: (text: TextMatch) => waitFor(() => getByTitle(text)),
  };
}

export const screen = within(document.body);

/** Retries `check` until it stops throwing (data arriving, a re-render), then returns its value. */
export async function waitFor<T>(check: () => T, timeout = 15_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    try {
      return check();
    } catch (error) {
      if (Date.now() - start > timeout) {
        if (error instanceof Error) error.message += `\n\nPage text: ${normalize(document.body.textContent)}`;
        throw error;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function mouse(element: Element, type: string) {
  const Event = type.startsWith('pointer') ? PointerEvent : MouseEvent;
  element.dispatchEvent(new Event(type, { bubbles: true, cancelable: true, composed: true, button: 0 }));
}

/** A full click: pointer and mouse down/up (antd's selects open on mousedown), then the click. */
export function click(element: Element) {
  if ((element as HTMLButtonElement).disabled) throw new Error(`${accessibleName(element)} is disabled`);
  for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup']) mouse(element, type);
  (element as HTMLElement).focus?.();
  (element as HTMLElement).click();
}

/** Replaces a field's text the way typing does: React and antd see an input event with the new value. */
export function fill(element: Element, value: string) {
  const input = element as HTMLInputElement;
  input.focus();
  const prototype = Object.getPrototypeOf(input) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Leaves a field, so validation on blur and number fields' formatting run. */
export function blur(element: Element) {
  (element as HTMLElement).blur();
  element.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
}
