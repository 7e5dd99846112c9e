import type {
  GeneralSettingsInput,
  generalSettingsSchema,
  PromotionInput,
  promotionSchema,
  WechatOfficialAccountInput,
  WechatPaySettingsInput,
  wechatOfficialAccountSchema,
  wechatPaySettingsSchema,
  wechatPayTestResultSchema,
} from '@cool/shared';
import { queryOptions } from '@tanstack/react-query';
import { api, typed } from '../http/client.ts';

/**
 * The service settings endpoints, typed from their response schemas (as types only, see `typed`: every console
 * page reads the promotion link from here, and the settings' schemas would come with it).
 */
const promotion = typed<typeof promotionSchema>();
const generalSettings = typed<typeof generalSettingsSchema>();
const wechatOfficialAccount = typed<typeof wechatOfficialAccountSchema>();
const wechatPaySettings = typed<typeof wechatPaySettingsSchema>();

export const settingsKeys = {
  promotion: ['settings', 'promotion'] as const,
  general: ['settings', 'general'] as const,
  wechatOfficialAccount: ['settings', 'wechatOfficialAccount'] as const,
  wechatPay: ['settings', 'wechatPay'] as const,
};

export const settingsQueries = {
  /** The bottom-left promotion link every signed-in user's console shows. */
  promotion: () =>
    queryOptions({
      queryKey: settingsKeys.promotion,
      queryFn: () => api.get('/settings/promotion', promotion),
      // Staff rarely change it; one read per session is enough.
      staleTime: Number.POSITIVE_INFINITY,
    }),
  general: () =>
    queryOptions({
      queryKey: settingsKeys.general,
      queryFn: () => api.get('/settings/general', generalSettings),
    }),
  /** The official account's secret comes back only as set-or-not with a fingerprint. */
  wechatOfficialAccount: () =>
    queryOptions({
      queryKey: settingsKeys.wechatOfficialAccount,
      queryFn: () => api.get('/settings/wechat-official-account', wechatOfficialAccount),
    }),
  /** The merchant's keys come back only as set-or-not with a fingerprint. */
  wechatPay: () =>
    queryOptions({
      queryKey: settingsKeys.wechatPay,
      queryFn: () => api.get('/settings/wechat-pay', wechatPaySettings),
    }),
};

export const savePromotion = (input: PromotionInput) => api.put('/settings/promotion', promotion, input);

export const saveGeneralSettings = (input: GeneralSettingsInput) =>
  api.put('/settings/general', generalSettings, input);

/** A secret left out keeps the saved one. */
export const saveWechatOfficialAccount = (input: WechatOfficialAccountInput) =>
  api.put('/settings/wechat-official-account', wechatOfficialAccount, input);

/** A key left out keeps the saved one. */
export const saveWechatPaySettings = (input: WechatPaySettingsInput) =>
  api.put('/settings/wechat-pay', wechatPaySettings, input);

/** One signed query with the saved settings; a failure's message says what to fix. */
export const testWechatPayConnection = () =>
  api.post('/settings/wechat-pay/test', typed<typeof wechatPayTestResultSchema>());
