import { GlobalOutlined } from '@ant-design/icons';
import { LANGUAGES, type Language } from '@cool/shared';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/http/errorText.ts';
import { changeLanguage } from '../../shared/i18n/i18n.ts';
import { useSettingsStore } from '../../shared/settings/settingsStore.ts';
import { useNotices } from '../../shared/ui/notices.ts';

export function LanguageSelect() {
  const { t } = useTranslation();
  const { message } = useNotices();
  const language = useSettingsStore((s) => s.language);

  const onSelect = (next: Language) => {
    // The pack is a separate chunk; a failed download leaves the current language in place.
    changeLanguage(next).catch((error: unknown) => message.error(errorText(error, t)));
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((lang) => ({ key: lang, label: t(`common.languages.${lang}`) })),
        onClick: ({ key }) => onSelect(key as Language),
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('common.language')} />
    </Dropdown>
  );
}
