import type { Language } from '@cool/shared';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18n from 'i18next';

/**
 * dayjs follows the console's language. Loaded with the console, not the login page (which shows no dates):
 * the packs no longer carry dayjs.
 */
const DAYJS_LOCALES: Record<Language, string> = { 'en-US': 'en', 'zh-CN': 'zh-cn' };

const follow = () => dayjs.locale(DAYJS_LOCALES[i18n.language as Language] ?? 'en');
follow();
i18n.on('languageChanged', follow);
