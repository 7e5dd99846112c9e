import type { Plugin } from 'vite';

export declare const reactRouterProduction: () => Plugin;
