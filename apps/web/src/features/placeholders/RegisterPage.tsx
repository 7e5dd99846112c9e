import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** /user/register and /user/register-result until the sign-up flow is built. */
export default function RegisterPage({ variant }: { variant: 'register' | 'result' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="info"
      title={t(variant === 'register' ? 'menu.register' : 'menu.registerResult')}
      subTitle={t('placeholder.register.notAvailable')}
      extra={<Button onClick={() => navigate('/user/login')}>{t('placeholder.register.toLogin')}</Button>}
    />
  );
}
