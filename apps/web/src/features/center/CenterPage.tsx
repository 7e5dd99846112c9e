import { Card, Flex, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePermission } from '../../shared/permissions/usePermission.ts';
import { PromotionForm } from '../../shared/promotion/PromotionForm.tsx';
import { usePromotion } from '../../shared/promotion/promotionApi.ts';
import { ShelfPaymentWarning } from '../../shared/records/ShelfPaymentWarning.tsx';
import { PageContainer } from '../../shared/ui/PageContainer.tsx';
import { QueryContent } from '../../shared/ui/QueryErrorState.tsx';
import { useGeneralSettings, useWechatOfficialAccount, useWechatPaySettings } from './api.ts';
import { GeneralSection } from './components/GeneralSection.tsx';
import { IdentityProvidersSection } from './components/IdentityProvidersSection.tsx';
import { MailSection } from './components/MailSection.tsx';
import { OfficialAccountSection } from './components/OfficialAccountSection.tsx';
import { SignUpSection } from './components/SignUpSection.tsx';
import { SmsSection } from './components/SmsSection.tsx';
import { WechatPaySection } from './components/WechatPaySection.tsx';

const TAB = 'tab';

type SectionKey =
  | 'general'
  | 'officialAccount'
  | 'wechatPay'
  | 'mail'
  | 'sms'
  | 'promotion'
  | 'signUp'
  | 'identityProviders';

function General({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const query = useGeneralSettings();
  return (
    <QueryContent query={query} errorTitle={t('center.loadFailed')}>
      {query.data && <GeneralSection settings={query.data} editable={editable} />}
    </QueryContent>
  );
}

function OfficialAccount({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const query = useWechatOfficialAccount();
  return (
    <QueryContent query={query} errorTitle={t('center.loadFailed')}>
      {query.data && <OfficialAccountSection account={query.data} editable={editable} />}
    </QueryContent>
  );
}

function WechatPay({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const query = useWechatPaySettings();
  return (
    <Flex vertical gap={16}>
      <ShelfPaymentWarning />
      <QueryContent query={query} errorTitle={t('center.loadFailed')}>
        {query.data && <WechatPaySection settings={query.data} editable={editable} />}
      </QueryContent>
    </Flex>
  );
}

function Promotion() {
  const { t } = useTranslation();
  const query = usePromotion();
  return (
    <QueryContent query={query} errorTitle={t('center.loadFailed')}>
      {query.data && (
        <div style={{ maxWidth: 560 }}>
          <PromotionForm promotion={query.data} />
        </div>
      )}
    </QueryContent>
  );
}

/**
 * The service settings, a section per tab: general (what participants see), the WeChat official account and
 * WeChat Pay (paySettings), and the promotion link. A section shows to those who may read it, editable to those
 * who may change it; the tab is in the URL.
 */
export default function CenterPage() {
  const { t } = useTranslation();
  const can = usePermission();
  const [params, setParams] = useSearchParams();
  const sections: { key: SectionKey; show: boolean; children: ReactNode }[] = [
    {
      key: 'general',
      show: can('settings', 'get'),
      children: <General editable={can('settings', 'edit')} />,
    },
    {
      key: 'officialAccount',
      show: can('paySettings', 'get'),
      children: <OfficialAccount editable={can('paySettings', 'edit')} />,
    },
    {
      key: 'wechatPay',
      show: can('paySettings', 'get'),
      children: <WechatPay editable={can('paySettings', 'edit')} />,
    },
    // How mail and SMS go out; without them they stay in the outbox.
    {
      key: 'mail',
      show: can('settings', 'get'),
      children: <MailSection editable={can('settings', 'edit')} />,
    },
    { key: 'sms', show: can('settings', 'get'), children: <SmsSection editable={can('settings', 'edit')} /> },
    // The apps staff sign in through (third-party sign-in).
    {
      key: 'identityProviders',
      show: can('settings', 'get'),
      children: <IdentityProvidersSection editable={can('settings', 'edit')} />,
    },
    // The link itself is every console's; only who may edit the settings sees its editor.
    { key: 'promotion', show: can('settings', 'edit'), children: <Promotion /> },
    {
      key: 'signUp',
      show: can('settings', 'get'),
      children: <SignUpSection editable={can('settings', 'edit')} />,
    },
  ];
  const shown = sections.filter((section) => section.show);
  const asked = params.get(TAB);
  const active = shown.find((section) => section.key === asked)?.key ?? shown[0]?.key;

  return (
    <PageContainer title={t('menu.center')} content={t('center.description')}>
      <Card styles={{ body: { paddingTop: 4 } }}>
        <Tabs
          activeKey={active}
          destroyOnHidden
          onChange={(key) =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                next.set(TAB, key);
                return next;
              },
              { replace: true },
            )
          }
          items={shown.map(({ key, children }) => ({ key, label: t(`center.tabs.${key}`), children }))}
        />
      </Card>
    </PageContainer>
  );
}
