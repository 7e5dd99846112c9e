import { PlusOutlined } from '@ant-design/icons';
import { type Category, DEFAULT_PAGE_SIZE } from '@cool/shared';
import { Button, Card } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../shared/permissions/Authorized.tsx';
import { useDialog } from '../../shared/ui/dialog.tsx';
import { PageContainer } from '../../shared/ui/PageContainer.tsx';
import { QueryContent } from '../../shared/ui/QueryErrorState.tsx';
import { useCategoryList } from './api.ts';
import { CategoryForm } from './components/CategoryForm.tsx';
import { type CategorySearch, CategorySearchForm } from './components/CategorySearchForm.tsx';
import { CategoryTable, type TableQuery } from './components/CategoryTable.tsx';

export default function CategoryPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState<CategorySearch>({});
  const [tableQuery, setTableQuery] = useState<TableQuery>({ pageNo: 1, pageSize: DEFAULT_PAGE_SIZE });
  const list = useCategoryList({ ...tableQuery, ...search });
  const [dialog, dialogHolder] = useDialog();

  /** Creates (null) or edits a category in a dialog that closes once it is saved. */
  const edit = (category: Category | null) =>
    dialog.open(<CategoryForm category={category} />, {
      title: t(category ? 'categories.edit' : 'categories.create'),
      okText: t('categories.form.save'),
      cancelText: t('categories.form.cancel'),
      mask: { closable: false },
    });

  // After deleting the last row of the last page, step back to a page that exists.
  const totalPage = list.data?.totalPage;
  useEffect(() => {
    if (totalPage !== undefined && tableQuery.pageNo > Math.max(totalPage, 1)) {
      setTableQuery((query) => ({ ...query, pageNo: Math.max(totalPage, 1) }));
    }
  }, [totalPage, tableQuery.pageNo]);

  return (
    <PageContainer title={t('menu.user')} content={t('categories.description')}>
      <Card>
        <CategorySearchForm
          onSearch={(values) => {
            setSearch(values);
            setTableQuery((query) => ({ ...query, pageNo: 1 }));
          }}
        />
      </Card>
      <Card
        title={t('categories.listTitle')}
        extra={
          <Authorized permission="categories" action="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => edit(null)}>
              {t('categories.create')}
            </Button>
          </Authorized>
        }
        styles={{ body: { overflow: 'hidden' } }}
      >
        <QueryContent query={list} errorTitle={t('categories.loadFailed')}>
          <CategoryTable
            page={list.data}
            loading={list.isFetching}
            query={tableQuery}
            onQueryChange={setTableQuery}
            onEdit={edit}
          />
        </QueryContent>
      </Card>
      {dialogHolder}
    </PageContainer>
  );
}
