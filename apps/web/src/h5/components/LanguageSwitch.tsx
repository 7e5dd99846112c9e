import { changeLanguage, useLanguage, useText } from '../i18n/i18n.ts';

/** One tap switches between the two languages; the choice is stored. */
export function LanguageSwitch() {
  const t = useText();
  const language = useLanguage();
  return (
    <button
      type="button"
      className="h5-language"
      lang={language === 'zh-CN' ? 'en-US' : 'zh-CN'}
      onClick={() => void changeLanguage(language === 'zh-CN' ? 'en-US' : 'zh-CN')}
    >
      {/* The pill inside a taller button: the whole height answers a tap. */}
      <span>{t('language.switch')}</span>
    </button>
  );
}
