import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageUploadField } from '../../../shared/ui/ImageUploadField.tsx';

/** The account's avatar upload, in the account's words (one button: upload and replace say the same). */
export function AvatarUploadField(props: Omit<ComponentProps<typeof ImageUploadField>, 'texts'>) {
  const { t } = useTranslation();
  return (
    <ImageUploadField
      {...props}
      texts={{
        upload: t('account.center.upload'),
        replace: t('account.center.upload'),
        preview: t('account.center.preview'),
        remove: t('account.center.remove'),
        badType: t('account.center.badType'),
        tooLarge: t('account.center.tooLarge'),
        uploaded: t('account.center.uploaded'),
      }}
    />
  );
}
