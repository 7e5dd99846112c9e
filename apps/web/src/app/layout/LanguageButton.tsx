import { TranslationOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';

type Handlers = Pick<ComponentProps<'button'>, 'onClick' | 'onFocus' | 'onPointerEnter'>;

/**
 * The language button (the translation glyph: a third of the globe icon's weight) that opens the language menu (a
 * module of its own, so it shows before the menu's code is there).
 */
export function LanguageButton(props: Handlers) {
  const { t } = useTranslation();
  return <Button type="text" icon={<TranslationOutlined />} aria-label={t('common.language')} {...props} />;
}
