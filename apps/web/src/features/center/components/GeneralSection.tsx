import { type GeneralSettings, POLICY_TEXT_MAX, SERVICE_NAME_MAX } from '@cool/shared';
import { Button, Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/http/errorText.ts';
import { ImageUploadField } from '../../../shared/ui/ImageUploadField.tsx';
import { useNotices } from '../../../shared/ui/notices.ts';
import { useSaveGeneral } from '../api.ts';
import { showServerErrors } from './serverErrors.ts';

const HOTLINE = /^[0-9+\-() ]*$/;

/** Name, logo, hotline, ICP licence number and the policies participants see in `/h5/`. */
export function GeneralSection({ settings, editable }: { settings: GeneralSettings; editable: boolean }) {
  const { t } = useTranslation();
  const { message } = useNotices();
  const [form] = Form.useForm<GeneralSettings>();
  const save = useSaveGeneral();

  const onFinish = async (values: GeneralSettings) => {
    try {
      form.setFieldsValue(await save.mutateAsync({ ...values, logoUrl: values.logoUrl ?? '' }));
    } catch (error) {
      showServerErrors(form, error, t);
      message.error(errorText(error, t));
      return;
    }
    message.success(t('center.saved'));
  };

  const bilingual = (name: 'serviceName' | 'disclaimer' | 'privacyPolicy', long: boolean) => (
    <Row gutter={16}>
      {(['zh', 'en'] as const).map((language) => (
        <Col xs={24} md={12} key={language}>
          <Form.Item name={[name, language]} label={t(`center.general.${name}.${language}`)}>
            {long ? (
              <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} maxLength={POLICY_TEXT_MAX} />
            ) : (
              <Input maxLength={SERVICE_NAME_MAX} showCount />
            )}
          </Form.Item>
        </Col>
      ))}
    </Row>
  );

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={settings}
      onFinish={onFinish}
      disabled={!editable}
      style={{ maxWidth: 880 }}
    >
      {bilingual('serviceName', false)}
      <Form.Item name="logoUrl" label={t('center.general.logo')} extra={t('center.general.logoHint')}>
        <ImageUploadField
          texts={{
            upload: t('center.general.logoUpload'),
            replace: t('center.general.logoReplace'),
            preview: t('center.general.logoPreview'),
            remove: t('center.general.logoRemove'),
            badType: t('center.general.logoBadType'),
            tooLarge: t('center.general.logoTooLarge'),
            uploaded: t('center.general.logoUploaded'),
          }}
        />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="hotline"
            label={t('center.general.hotline')}
            rules={[{ pattern: HOTLINE, message: t('center.general.hotlineInvalid') }]}
          >
            <Input maxLength={40} placeholder="400-161-9995" inputMode="tel" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="icpLicence" label={t('center.general.icpLicence')}>
            <Input maxLength={60} placeholder={t('center.general.icpPlaceholder')} />
          </Form.Item>
        </Col>
      </Row>
      {bilingual('disclaimer', true)}
      {bilingual('privacyPolicy', true)}
      {editable && (
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('center.save')}
        </Button>
      )}
    </Form>
  );
}
