import type { PermissionId } from '@cool/shared';
import { Empty, Input, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePermission } from '../../shared/permissions/usePermission.ts';
import { PageContainer } from '../../shared/ui/PageContainer.tsx';
import { Panel } from '../../shared/ui/Panel.tsx';
import { ApplicationsTab } from './components/ApplicationsTab.tsx';
import { ArticlesTab } from './components/ArticlesTab.tsx';
import { ProjectsTab } from './components/ProjectsTab.tsx';
import type { SearchTabProps } from './components/searchTab.ts';

/** The template's tabs, and what each searches: articles the tests, projects the categories, applications the participants. */
const TABS = [
  { key: 'articles', permission: 'tests' },
  { key: 'projects', permission: 'categories' },
  { key: 'applications', permission: 'participants' },
] as const satisfies { key: string; permission: PermissionId }[];
type TabKey = (typeof TABS)[number]['key'];

/** One keyword box over the tests, categories and participants; the tab, keyword and page stay in the URL. */
export default function SearchListPage() {
  const { t } = useTranslation();
  const allowed = usePermission();
  const [params, setParams] = useSearchParams();
  const tabs = TABS.filter((tab) => allowed(tab.permission, 'query'));
  const asked = params.get('tab');
  const active: TabKey | undefined = tabs.find((tab) => tab.key === asked)?.key ?? tabs[0]?.key;
  const keyword = params.get('keyword')?.trim() || undefined;
  const pageNo = Math.max(1, Number.parseInt(params.get('pageNo') ?? '1', 10) || 1);

  const write = (change: { tab?: string; keyword?: string | undefined; pageNo?: number }) => {
    const next = { tab: active, keyword, pageNo: 1, ...change };
    const written = new URLSearchParams();
    if (next.tab) written.set('tab', next.tab);
    if (next.keyword) written.set('keyword', next.keyword);
    if (next.pageNo > 1) written.set('pageNo', String(next.pageNo));
    setParams(written, { replace: true });
  };

  const props: SearchTabProps = { keyword, pageNo, onPage: (page) => write({ pageNo: page }) };
  const content: Record<TabKey, () => React.ReactNode> = {
    articles: () => <ArticlesTab {...props} />,
    projects: () => <ProjectsTab {...props} />,
    applications: () => <ApplicationsTab {...props} />,
  };

  return (
    <PageContainer
      title={t('menu.searchList')}
      content={
        <Input.Search
          allowClear
          enterButton={t('lists.search.button')}
          size="large"
          key={keyword ?? ''}
          defaultValue={keyword}
          aria-label={t('lists.keyword')}
          placeholder={t('lists.search.placeholder')}
          style={{ maxWidth: 560, marginTop: 8 }}
          onSearch={(value) => write({ keyword: value.trim() || undefined })}
        />
      }
    >
      <Panel bodyStyle={{ paddingTop: 0 }}>
        {active ? (
          <Tabs
            activeKey={active}
            onChange={(tab) => write({ tab })}
            destroyOnHidden
            items={tabs.map((tab) => ({
              key: tab.key,
              label: t(`lists.search.tab.${tab.key}`),
              children: tab.key === active ? content[tab.key]() : null,
            }))}
          />
        ) : (
          <Empty description={t('lists.search.nothingAllowed')} style={{ paddingTop: 24 }} />
        )}
      </Panel>
    </PageContainer>
  );
}
