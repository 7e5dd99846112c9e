import type { BuiltinScale } from './helpers.ts';
import { MINI_IPIP, TYPOLOGY_DEMO } from './personality.ts';
import { GAD7, PHQ9 } from './phq.ts';
import { ZUNG_SAS, ZUNG_SDS } from './zung.ts';

export type { BuiltinScale } from './helpers.ts';
export { MINI_IPIP, MINI_IPIP_REVERSE_ITEMS, TYPOLOGY_DEMO } from './personality.ts';
export { GAD7, PHQ9 } from './phq.ts';
export { SAS_REVERSE_ITEMS, SDS_REVERSE_ITEMS, ZUNG_SAS, ZUNG_SDS } from './zung.ts';

/** The scales seeded on first start, each once per installation. */
export const BUILTIN_SCALES: readonly BuiltinScale[] = [
  PHQ9,
  GAD7,
  ZUNG_SDS,
  ZUNG_SAS,
  MINI_IPIP,
  TYPOLOGY_DEMO,
];
