import type { ClientTest } from '@cool/shared';
import { useQuery } from '@tanstack/react-query';
import { CapsuleTabs } from 'antd-mobile';
import { Link, useSearchParams } from 'react-router';
import { listTests } from '../api/calls.ts';
import { ServiceFooter } from '../components/Service.tsx';
import { LoadError, Loading, Message } from '../components/States.tsx';
import { Cover, TestMeta } from '../components/TestMeta.tsx';
import { useContent, useLanguage, useText } from '../i18n/i18n.ts';

const ALL = 'all';

/** The categories the shelf's tests belong to, in the order they first appear. */
function categoriesOf(tests: readonly ClientTest[]) {
  const seen = new Map<number, ClientTest['categories'][number]>();
  for (const test of tests) for (const c of test.categories) if (!seen.has(c.id)) seen.set(c.id, c);
  return [...seen.values()];
}

/** The first screen: tests on the shelf by category, one card each. */
export function TestListPage() {
  const t = useText();
  const text = useContent();
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const tests = useQuery({ queryKey: ['tests'], queryFn: listTests });
  if (tests.isPending) return <Loading />;
  if (tests.isError) return <LoadError error={tests.error} retry={() => void tests.refetch()} />;

  const all = tests.data.data;
  const categories = categoriesOf(all);
  const active = params.get('category') ?? ALL;
  const shown =
    active === ALL ? all : all.filter((test) => test.categories.some((c) => String(c.id) === active));
  return (
    <>
      {categories.length > 0 && (
        <CapsuleTabs
          className="h5-categories"
          activeKey={active}
          onChange={(key) => setParams(key === ALL ? {} : { category: key }, { replace: true })}
        >
          <CapsuleTabs.Tab key={ALL} title={t('list.all')} />
          {categories.map((c) => (
            <CapsuleTabs.Tab
              key={String(c.id)}
              title={language === 'zh-CN' ? c.nameZh || c.nameEn : c.nameEn || c.nameZh}
            />
          ))}
        </CapsuleTabs>
      )}
      {shown.length === 0 ? (
        <Message title={t('list.empty')} />
      ) : (
        <ul className="h5-cards" aria-label={t('nav.tests')}>
          {shown.map((test) => (
            <li key={test.id}>
              <Link className="h5-card" to={`/tests/${test.id}`}>
                <Cover url={test.coverUrl} title={text(test.title)} />
                <div className="h5-card-body">
                  <h2 className="h5-card-title">{text(test.title)}</h2>
                  {text(test.subtitle) && <p className="h5-card-subtitle">{text(test.subtitle)}</p>}
                  <TestMeta
                    priceFen={test.priceFen}
                    minutes={test.minutes}
                    participantCount={test.participantCount}
                    paymentUnavailable={test.paymentUnavailable}
                  />
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <ServiceFooter />
    </>
  );
}
