import type { Profile, ProfileUpdate } from '@cool/shared';
import { Button, Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotices } from '../../../shared/ui/notices.ts';
import { useSaveProfile } from '../api.ts';
import { AvatarUploadField } from './AvatarUploadField.tsx';
import { useFormRequest } from './useFormRequest.ts';

type Values = Required<Omit<ProfileUpdate, 'avatar' | 'currentPassword'>> & {
  avatar: string | null;
  currentPassword?: string;
};

/** As the server compares addresses: a change of case or spaces is no new address. */
const sameAddress = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/**
 * The profile fields of docs/spec.md section 3 with the required messages of section 5; the phone is the
 * security phone, changed apart.
 */
export function BasicSettings({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const { message } = useNotices();
  const saveProfile = useSaveProfile();
  const [form] = Form.useForm<Values>();
  const [saving, request] = useFormRequest(form);
  // A new email needs the current password (recovery links go there): asked for only then.
  const newEmail = !sameAddress(Form.useWatch('email', form), profile.email);
  const required = (
    key: 'nicknameRequired' | 'profileRequired' | 'countryRequired' | 'regionRequired' | 'addressRequired',
  ) => [{ required: true, whitespace: true, message: t(`account.settings.basic.${key}`) }];

  const onFinish = (values: Values) =>
    request(async () => {
      await saveProfile(values);
      form.setFieldValue('currentPassword', undefined);
      message.success(t('account.settings.basic.saved'));
    });

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      name="basic"
      onFinish={onFinish}
      initialValues={{ ...profile, email: profile.email ?? '' }}
      style={{ maxWidth: 560 }}
    >
      <Form.Item
        name="email"
        label={t('account.settings.basic.email')}
        rules={[
          { required: true, message: t('account.settings.basic.emailRequired') },
          { type: 'email', message: t('account.settings.basic.emailInvalid') },
        ]}
      >
        <Input maxLength={254} autoComplete="email" />
      </Form.Item>
      {newEmail && (
        <Form.Item
          name="currentPassword"
          label={t('account.settings.basic.currentPassword')}
          extra={t('account.settings.basic.currentPasswordHelp')}
          rules={[{ required: true, message: t('account.settings.basic.currentPasswordRequired') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
      )}
      <Form.Item
        name="name"
        label={t('account.settings.basic.nickname')}
        rules={required('nicknameRequired')}
      >
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item
        name="profile"
        label={t('account.settings.basic.profile')}
        rules={required('profileRequired')}
      >
        <Input.TextArea
          rows={4}
          maxLength={500}
          placeholder={t('account.settings.basic.profilePlaceholder')}
        />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="country"
            label={t('account.settings.basic.country')}
            rules={required('countryRequired')}
          >
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="region"
            label={t('account.settings.basic.region')}
            rules={required('regionRequired')}
          >
            <Input maxLength={128} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="address"
        label={t('account.settings.basic.address')}
        rules={required('addressRequired')}
      >
        <Input maxLength={256} />
      </Form.Item>
      <Form.Item
        label={t('account.settings.basic.phone')}
        extra={profile.phone ? t('account.settings.basic.phoneHint') : undefined}
        required
        validateStatus={profile.phone ? undefined : 'warning'}
        help={profile.phone ? undefined : t('account.settings.basic.phoneRequired')}
      >
        <Input value={profile.phone ?? ''} disabled />
      </Form.Item>
      <Form.Item name="avatar" label={t('account.settings.basic.avatar')}>
        <AvatarUploadField />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('account.settings.basic.save')}
      </Button>
    </Form>
  );
}
