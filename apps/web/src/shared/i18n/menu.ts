import type shared from './strings/en-US.json';

export type MenuName = keyof (typeof shared)['menu'];

/** i18n key of a route title (`menu.<name>`); route names come from app/routes/registry.tsx. */
export const menuKey = (name: string) => `menu.${name as MenuName}` as const;
