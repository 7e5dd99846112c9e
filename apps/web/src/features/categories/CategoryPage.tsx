import { PlusOutlined } from '@ant-design/icons';
import { type Category, categoryListQuerySchema } from '@cool/shared';
import { Button } from 'antd';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { useListState } from '../../shared/list/useListState.ts';
import { Authorized } from '../../shared/permissions/Authorized.tsx';
import { useDialog } from '../../shared/ui/dialog.tsx';
import { PageContainer } from '../../shared/ui/PageContainer.tsx';
import { Panel } from '../../shared/ui/Panel.tsx';
import { QueryContent } from '../../shared/ui/QueryErrorState.tsx';
import { useCategoryList } from './api.ts';
import { CategorySearchForm } from './components/CategorySearchForm.tsx';
import { CategoryTable } from './components/CategoryTable.tsx';

// Downloaded when a dialog first opens: the list shows without the form's fields (number input, radios).
const CategoryForm = lazy(() =>
  import('./components/CategoryForm.tsx').then((m) => ({ default: m.CategoryForm })),
);

export default function CategoryPage() {
  const { t } = useTranslation();
  // Filters, sort and page live in the URL: a shared link or a restored tab shows the same list.
  const listState = useListState(categoryListQuerySchema);
  const list = useCategoryList(listState.query);
  const [dialog, dialogHolder] = useDialog();

  /** Creates (null) or edits a category in a dialog that closes once it is saved. */
  const edit = (category: Category | null) =>
    dialog.open(<CategoryForm category={category} />, {
      title: t(category ? 'categories.edit' : 'categories.create'),
      okText: t('categories.form.save'),
      cancelText: t('categories.form.cancel'),
      mask: { closable: false },
    });

  return (
    <PageContainer title={t('menu.user')} content={t('categories.description')}>
      <Panel>
        <CategorySearchForm filters={listState.filters} onSearch={listState.search} />
      </Panel>
      <Panel
        title={t('categories.listTitle')}
        extra={
          <Authorized permission="categories" action="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => edit(null)}>
              {t('categories.create')}
            </Button>
          </Authorized>
        }
        bodyStyle={{ overflow: 'hidden' }}
      >
        <QueryContent query={list} errorTitle={t('categories.loadFailed')}>
          <CategoryTable page={list.data} loading={list.isFetching} list={listState} onEdit={edit} />
        </QueryContent>
      </Panel>
      {dialogHolder}
    </PageContainer>
  );
}
