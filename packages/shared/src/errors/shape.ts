import type enUS from './en-US.ts';

type English = typeof enUS;

/** The shape every language's file has: the same areas and names as the English one. */
export type ErrorCatalogue = { [A in keyof English]: { [N in keyof English[A]]: string } };
