import { Button, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../../../shared/session/api.ts';
import { useAuthStore } from '../../../shared/session/authStore.ts';
import { useReloadEverything } from '../api.ts';
import { TwoStepEnrol } from './TwoStepSetup.tsx';

/**
 * A role that requires two-step verification: until the account has it, the server refuses everything but
 * enrolment (403 `twoStep.setupRequired`), so the console shows only this, over the frame, with sign-out.
 */
export function TwoStepRequired() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const reloadEverything = useReloadEverything();
  const twoStep = useAuthStore((s) => s.user?.twoStep);
  const signOut = useAuthStore((s) => s.signOut);
  const open = Boolean(twoStep?.required && !twoStep.enabled);

  const leave = async () => {
    await logout().catch(() => undefined);
    navigate('/user/login', { replace: true });
    signOut();
  };

  return (
    <Modal
      open={open}
      title={t('twoStep.required.title')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      destroyOnHidden
      width={440}
      footer={<Button onClick={leave}>{t('twoStep.required.signOut')}</Button>}
    >
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{t('twoStep.required.description')}</Typography.Text>
        {/* The screens refused while it was missing load again. */}
        <TwoStepEnrol onDone={reloadEverything} />
      </Flex>
    </Modal>
  );
}
