import { LANGUAGES, type Language } from '@cool/shared';
import { Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/http/errorText.ts';
import { changeLanguage } from '../../shared/i18n/i18n.ts';
import { useAuthStore } from '../../shared/session/authStore.ts';
import { noteSignedOutLanguage, useSettingsStore } from '../../shared/settings/settingsStore.ts';
import { useNotices } from '../../shared/ui/notices.ts';
import { LanguageButton } from './LanguageButton.tsx';

export function LanguageSelect({ initiallyOpen = false }: { initiallyOpen?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(initiallyOpen);
  const { message } = useNotices();
  const language = useSettingsStore((s) => s.language);

  const onSelect = (next: Language) => {
    // Chosen before signing in (the sign-in page): the account takes it on at sign-in (useServerPreferences).
    if (!useAuthStore.getState().token) noteSignedOutLanguage();
    // The pack is a separate chunk; a failed download leaves the current language in place.
    changeLanguage(next).catch((error: unknown) => message.error(errorText(error, t)));
  };

  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((lang) => ({ key: lang, label: t(`common.languages.${lang}`) })),
        onClick: ({ key }) => onSelect(key as Language),
      }}
    >
      <LanguageButton />
    </Dropdown>
  );
}
