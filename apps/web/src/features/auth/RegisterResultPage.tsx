import { CheckCircleFilled } from '@ant-design/icons';
import { Button, Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

/** Web mail of the common providers: "View mailbox" opens it; for another domain the button is left out. */
const WEBMAIL: Record<string, string> = {
  'qq.com': 'https://mail.qq.com',
  'foxmail.com': 'https://mail.qq.com',
  '163.com': 'https://mail.163.com',
  '126.com': 'https://mail.126.com',
  'yeah.net': 'https://mail.yeah.net',
  'sina.com': 'https://mail.sina.com.cn',
  'aliyun.com': 'https://mail.aliyun.com',
  'gmail.com': 'https://mail.google.com',
  'outlook.com': 'https://outlook.live.com',
  'hotmail.com': 'https://outlook.live.com',
  'icloud.com': 'https://www.icloud.com/mail',
};

/** The register result of docs/spec.md section 2: the activation mail went to the address, valid 24 hours. */
export default function RegisterResultPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const email = useSearchParams()[0].get('email') ?? '';
  const webmail = WEBMAIL[email.split('@')[1]?.toLowerCase() ?? ''];
  return (
    <Flex vertical align="center" gap={16} style={{ textAlign: 'center' }}>
      <CheckCircleFilled style={{ fontSize: 64, color: token.colorSuccess }} />
      <h3 style={{ fontSize: 20, margin: 0, overflowWrap: 'anywhere' }}>
        {t('login.registerResult.title', { email })}
      </h3>
      <p style={{ color: token.colorTextDescription, margin: 0 }}>{t('login.registerResult.description')}</p>
      <Flex gap={8} wrap justify="center">
        {webmail && (
          <Button type="primary" size="large" href={webmail} target="_blank" rel="noopener noreferrer">
            {t('login.registerResult.mailbox')}
          </Button>
        )}
        <Link to="/user/login">
          <Button size="large">{t('login.registerResult.home')}</Button>
        </Link>
      </Flex>
    </Flex>
  );
}
