import { DEFAULT_LANGUAGE, type Language } from '../constants.ts';
import enUS from './en-US.ts';
import type { ErrorCatalogue } from './shape.ts';
import zhCN from './zh-CN.ts';

export type { ErrorCatalogue };

type English = typeof enUS;

/** A stable error code, `area.name`: only codes in the catalogue compile. */
export type ErrorCode = { [A in keyof English & string]: `${A}.${keyof English[A] & string}` }[keyof English &
  string];

type TemplateOf<C extends ErrorCode> = C extends `${infer A extends keyof English}.${infer N}`
  ? N extends keyof English[A]
    ? English[A][N]
    : never
  : never;
type NamesIn<S> = S extends `${string}{{${infer P}}}${infer Rest}` ? P | NamesIn<Rest> : never;

/** The parameters a code's text names, each required. */
export type ErrorParams<C extends ErrorCode> = Record<NamesIn<TemplateOf<C>>, string | number>;

/** The rest arguments after a code: its parameters when its text has any, else nothing. */
export type ParamsArg<C extends ErrorCode> = [NamesIn<TemplateOf<C>>] extends [never] ? [] : [ErrorParams<C>];

export const errorCatalogues: Record<Language, ErrorCatalogue> = { 'en-US': enUS, 'zh-CN': zhCN };

/** The template of a code in one language, or undefined for a code this build does not know. */
export function errorTemplate(code: string, language: Language): string | undefined {
  const [area, name] = code.split('.') as [string, string];
  const texts = (errorCatalogues[language] as Record<string, Record<string, string> | undefined>)[area];
  return texts && Object.hasOwn(texts, name) ? texts[name] : undefined;
}

/** Fills `{{name}}` placeholders; a missing parameter is left visible rather than guessed. */
export const fillTemplate = (template: string, params: Record<string, unknown> = {}) =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );

/** The text of an error in a language (English for a code only English has, the code itself if unknown). */
export const errorMessage = (
  code: string,
  params?: Record<string, unknown>,
  language: Language = DEFAULT_LANGUAGE,
) => fillTemplate(errorTemplate(code, language) ?? errorTemplate(code, DEFAULT_LANGUAGE) ?? code, params);

/** Every code in the catalogue, for checks that walk it. */
export const errorCodes = (): ErrorCode[] =>
  Object.entries(enUS).flatMap(([area, names]) => Object.keys(names).map((n) => `${area}.${n}` as ErrorCode));

/** The parameter names a template uses, sorted. */
export const templateParams = (template: string) =>
  [...template.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] as string).sort();

/**
 * The language a request asks for in its `Accept-Language` header (`zh-CN;q=0.9, en;q=0.8`): the first
 * supported one by weight, matched on the primary tag; the default when none is supported.
 */
export function pickLanguage(header: string | undefined): Language {
  const ranked = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.map((r) => /^\s*q=([\d.]+)/.exec(r)?.[1]).find(Boolean);
      return { primary: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { primary } of ranked) {
    if (primary === 'zh') return 'zh-CN';
    if (primary === 'en') return 'en-US';
  }
  return DEFAULT_LANGUAGE;
}
