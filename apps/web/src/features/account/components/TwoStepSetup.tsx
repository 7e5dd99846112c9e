import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import type { TwoStepSetup as TwoStepSetupResult, TwoStepState } from '@cool/shared';
import { Alert, Button, Flex, Form, Input, Modal, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../shared/http/download.ts';
import { errorText } from '../../../shared/http/errorText.ts';
import { applyFieldErrors } from '../../../shared/http/formErrors.ts';
import { useNotices } from '../../../shared/ui/notices.ts';
import {
  useDisableTwoStep,
  useEnableTwoStep,
  useNewTwoStepSecret,
  useRefreshTwoStep,
  useRenewRecoveryCodes,
  useTwoStepSecret,
  useTwoStepState,
} from '../api.ts';

/** The ten codes, shown once after they are made: copy or download them, then confirm. */
function RecoveryCodeList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = useNotices();
  const text = codes.join('\n');
  const download = () =>
    saveBlob(new Blob([`${text}\n`], { type: 'text/plain' }), t('twoStep.codes.fileName'));
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('twoStep.codes.title')}
      </Typography.Title>
      <Alert type="warning" showIcon title={t('twoStep.codes.hint')} />
      <ul
        aria-label={t('twoStep.codes.title')}
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(2, max-content)',
          gap: '8px 32px',
          justifyContent: 'center',
          margin: 0,
          padding: 0,
          listStyle: 'none',
          fontFamily: 'monospace',
          fontSize: 16,
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Flex gap={8} wrap justify="flex-end">
        <Button
          icon={<CopyOutlined />}
          onClick={() =>
            navigator.clipboard.writeText(text).then(() => message.success(t('twoStep.codes.copied')))
          }
        >
          {t('twoStep.codes.copy')}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={download}>
          {t('twoStep.codes.download')}
        </Button>
        <Button type="primary" onClick={onDone}>
          {t('twoStep.codes.done')}
        </Button>
      </Flex>
    </Flex>
  );
}

/**
 * Enrolment: a new secret as a QR code and as text, then the app's first code turns it on and the recovery
 * codes are shown once. Also the whole screen a role that requires two-step verification shows until then.
 */
export function TwoStepEnrol({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const setup = useTwoStepSecret();
  if (setup.isPending) return <Skeleton active paragraph={{ rows: 5 }} />;
  if (setup.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('twoStep.enrol.failed')}
        description={errorText(setup.error, t)}
      />
    );
  }
  return <ConfirmSecret setup={setup.data} onDone={onDone} />;
}

/** The new secret to scan; the app's first code turns it on and the recovery codes are shown once. */
function ConfirmSecret({ setup, onDone }: { setup: TwoStepSetupResult; onDone: () => void }) {
  const { t } = useTranslation();
  const refresh = useRefreshTwoStep();
  const [code, setCode] = useState('');
  const enable = useEnableTwoStep(() => setCode(''));

  if (enable.data) {
    return (
      <RecoveryCodeList
        codes={enable.data.recoveryCodes}
        onDone={() => {
          void refresh();
          onDone();
        }}
      />
    );
  }
  const { qrSvg, secret } = setup;
  return (
    <Flex vertical gap={12}>
      <Typography.Text>{t('twoStep.enrol.scan')}</Typography.Text>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`}
        alt={t('twoStep.enrol.qrAlt')}
        width={180}
        height={180}
        style={{ alignSelf: 'center' }}
      />
      <Typography.Text type="secondary">{t('twoStep.enrol.manual')}</Typography.Text>
      <Typography.Text code copyable style={{ alignSelf: 'center', wordBreak: 'break-all' }}>
        {secret}
      </Typography.Text>
      <Typography.Text>{t('twoStep.enrol.enterCode')}</Typography.Text>
      <Input.OTP
        length={6}
        value={code}
        disabled={enable.isPending}
        autoComplete="one-time-code"
        inputMode="numeric"
        aria-label={t('twoStep.enrol.enterCode')}
        formatter={(value) => value.replace(/\D/g, '')}
        onChange={(value) => {
          setCode(value);
          enable.mutate(value);
        }}
        style={{ alignSelf: 'center' }}
      />
      {enable.isError && <Alert type="error" showIcon title={errorText(enable.error, t)} role="alert" />}
    </Flex>
  );
}

interface ProofFields {
  password: string;
  code: string;
}

/**
 * The password and a code (from the app, or a recovery code): what turning it off or changing it takes.
 * `send` gets them; its refusal names its field, or shows above the button.
 */
function ProofForm({
  send,
  pending,
  hint,
  danger,
  submitText,
}: {
  send: (proof: ProofFields) => Promise<unknown>;
  pending: boolean;
  hint?: string;
  danger?: boolean;
  submitText: string;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProofFields>();
  const [error, setError] = useState<string | null>(null);
  const onFinish = async (values: ProofFields) => {
    setError(null);
    try {
      await send({ password: values.password, code: values.code.trim() });
    } catch (failure) {
      if (!applyFieldErrors(form, failure)) setError(errorText(failure, t));
    }
  };
  return (
    <Form<ProofFields> form={form} layout="vertical" onFinish={onFinish}>
      {hint && <Typography.Paragraph>{hint}</Typography.Paragraph>}
      <Form.Item
        name="password"
        label={t('twoStep.disable.password')}
        rules={[{ required: true, message: t('twoStep.disable.passwordRequired') }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="code"
        label={t('twoStep.disable.code')}
        rules={[{ required: true, whitespace: true, message: t('twoStep.disable.codeRequired') }]}
      >
        <Input autoComplete="one-time-code" />
      </Form.Item>
      {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />}
      <Button type="primary" danger={danger} htmlType="submit" loading={pending} block>
        {submitText}
      </Button>
    </Form>
  );
}

/**
 * A new device while one is in use: the server gives its secret only for the password and a current code
 * (asked before the new QR code, while the old entry is surely still in the app).
 */
function ChangeDevice({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const start = useNewTwoStepSecret();
  if (start.data) return <ConfirmSecret setup={start.data} onDone={onDone} />;
  return (
    <ProofForm
      send={start.mutateAsync}
      pending={start.isPending}
      hint={t('twoStep.change.hint')}
      submitText={t('twoStep.change.continue')}
    />
  );
}

/** Turning it off takes the password and a code (from the app, or a recovery code). */
function DisableForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = useNotices();
  const refresh = useRefreshTwoStep();
  const disable = useDisableTwoStep(async () => {
    message.success(t('twoStep.disable.done'));
    await refresh();
    onDone();
  });
  return (
    <ProofForm
      send={disable.mutateAsync}
      pending={disable.isPending}
      danger
      submitText={t('twoStep.disable.ok')}
    />
  );
}

/** New recovery codes for a code from the app (or a recovery code); the old ones stop working. */
function RenewCodes({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const refresh = useRefreshTwoStep();
  const [code, setCode] = useState('');
  const renew = useRenewRecoveryCodes();
  if (renew.data) {
    return (
      <RecoveryCodeList
        codes={renew.data.recoveryCodes}
        onDone={() => {
          void refresh();
          onDone();
        }}
      />
    );
  }
  return (
    <Flex vertical gap={12}>
      <Typography.Text>{t('twoStep.renew.hint')}</Typography.Text>
      <Input
        value={code}
        autoComplete="one-time-code"
        aria-label={t('twoStep.disable.code')}
        onChange={(event) => setCode(event.target.value)}
        onPressEnter={() => code.trim() && renew.mutate(code.trim())}
      />
      {renew.isError && <Alert type="error" showIcon title={errorText(renew.error, t)} role="alert" />}
      <Button
        type="primary"
        loading={renew.isPending}
        disabled={!code.trim()}
        onClick={() => renew.mutate(code.trim())}
      >
        {t('twoStep.renew.ok')}
      </Button>
    </Flex>
  );
}

type Dialog = 'enrol' | 'change' | 'renew' | 'disable';

const DIALOG_TITLES = {
  enrol: 'twoStep.enrol.title',
  change: 'twoStep.change.title',
  renew: 'twoStep.renew.title',
  disable: 'twoStep.disable.title',
} as const;

function StateTag({ state }: { state: TwoStepState }) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap>
      <Tag color={state.enabled ? 'success' : 'default'}>
        {t(state.enabled ? 'twoStep.state.on' : 'twoStep.state.off')}
      </Tag>
      {state.required && <Tag color="warning">{t('twoStep.state.required')}</Tag>}
    </Space>
  );
}

/** The MFA device item of the Security section: its state, and set up, change, new codes or turn off. */
export function TwoStepSetup() {
  const { t } = useTranslation();
  const state = useTwoStepState();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);

  if (!state.data) {
    return state.isError ? (
      <Alert type="error" showIcon title={errorText(state.error, t)} />
    ) : (
      <Skeleton active title={false} paragraph={{ rows: 2 }} />
    );
  }
  const { enabled, required, recoveryCodesLeft } = state.data;
  return (
    <Flex justify="space-between" align="center" gap={16} wrap data-testid="two-step-setup">
      <Flex vertical gap={4} style={{ flex: '1 1 240px', minWidth: 0 }}>
        <Space size={8} wrap>
          <Typography.Text strong>{t('twoStep.title')}</Typography.Text>
          <StateTag state={state.data} />
        </Space>
        <Typography.Text type="secondary">
          {enabled ? t('twoStep.description.on', { count: recoveryCodesLeft }) : t('twoStep.description.off')}
        </Typography.Text>
      </Flex>
      <Space size={0} wrap>
        <Button type="link" onClick={() => setDialog(enabled ? 'change' : 'enrol')}>
          {t(enabled ? 'twoStep.action.change' : 'twoStep.action.setUp')}
        </Button>
        {enabled && (
          <Button type="link" onClick={() => setDialog('renew')}>
            {t('twoStep.action.renew')}
          </Button>
        )}
        {enabled && !required && (
          <Button type="link" danger onClick={() => setDialog('disable')}>
            {t('twoStep.action.disable')}
          </Button>
        )}
      </Space>
      <Modal
        open={dialog !== null}
        title={dialog && t(DIALOG_TITLES[dialog])}
        onCancel={close}
        footer={null}
        mask={{ closable: false }}
        destroyOnHidden
        width={440}
      >
        {dialog === 'enrol' && <TwoStepEnrol onDone={close} />}
        {dialog === 'change' && <ChangeDevice onDone={close} />}
        {dialog === 'renew' && <RenewCodes onDone={close} />}
        {dialog === 'disable' && <DisableForm onDone={close} />}
      </Modal>
    </Flex>
  );
}
