import { Card, Flex, Grid, Menu, Select, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageContainer } from '../../shared/ui/PageContainer.tsx';
import { QueryContent } from '../../shared/ui/QueryErrorState.tsx';
import { useProfile } from './api.ts';
import { AccountBinding } from './components/AccountBinding.tsx';
import { BasicSettings } from './components/BasicSettings.tsx';
import { CustomSettings } from './components/CustomSettings.tsx';
import { NotificationSettings } from './components/NotificationSettings.tsx';
import { SecuritySettings } from './components/SecuritySettings.tsx';

const SECTIONS = ['basic', 'security', 'custom', 'binding', 'notification'] as const;
type Section = (typeof SECTIONS)[number];

const isSection = (value: string | null): value is Section => SECTIONS.includes(value as Section);

/** Sections that edit the profile wait for it; the others stand alone. */
function SectionContent({ section }: { section: Section }) {
  const { t } = useTranslation();
  const query = useProfile();
  const withProfile = (render: (profile: NonNullable<typeof query.data>) => ReactNode) => (
    <QueryContent query={query} errorTitle={t('account.center.profileFailed')}>
      {query.data && render(query.data)}
    </QueryContent>
  );
  switch (section) {
    case 'basic':
      return withProfile((profile) => <BasicSettings key={profile.id} profile={profile} />);
    case 'security':
      return withProfile((profile) => <SecuritySettings profile={profile} />);
    case 'custom':
      return <CustomSettings />;
    case 'binding':
      return <AccountBinding />;
    case 'notification':
      return <NotificationSettings />;
  }
}

/** Account settings (template): five sections in a left menu (a selector on a phone), `?section=` in the URL. */
export default function AccountSettingsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('section');
  const section: Section = isSection(requested) ? requested : 'basic';
  const phone = Grid.useBreakpoint().md === false;
  const items = SECTIONS.map((key) => ({ key, label: t(`account.settings.menu.${key}`) }));
  const open = (key: string) => setParams({ section: key }, { replace: true });

  return (
    <PageContainer title={t('menu.accountSettings')}>
      <Card styles={{ body: { padding: phone ? 16 : 0 } }}>
        {phone ? (
          <Flex vertical gap={16}>
            <Select
              value={section}
              onChange={open}
              options={items.map(({ key, label }) => ({ value: key, label }))}
              aria-label={t('menu.accountSettings')}
            />
            <SectionContent section={section} />
          </Flex>
        ) : (
          <Flex>
            <Menu
              mode="inline"
              selectedKeys={[section]}
              items={items}
              onClick={({ key }) => open(key)}
              style={{ width: 256, flexShrink: 0, paddingBlock: 8 }}
            />
            <div style={{ flex: 1, minWidth: 0, padding: '8px 40px 24px' }}>
              <Typography.Title level={4} style={{ marginBlock: '12px 24px' }}>
                {t(`account.settings.menu.${section}`)}
              </Typography.Title>
              <SectionContent section={section} />
            </div>
          </Flex>
        )}
      </Card>
    </PageContainer>
  );
}
