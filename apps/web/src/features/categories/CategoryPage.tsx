import { PlusOutlined } from '@ant-design/icons';
import { type Category, DEFAULT_PAGE_SIZE } from '@cool/shared';
import { Alert, Button, Card, Flex, Result } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/http/errorText.ts';
import { Authorized } from '../../shared/permissions/Authorized.tsx';
import { PageContainer } from '../../shared/ui/PageContainer.tsx';
import { useCategoryList } from './api.ts';
import { CategoryFormModal } from './components/CategoryFormModal.tsx';
import { type CategorySearch, CategorySearchForm } from './components/CategorySearchForm.tsx';
import { CategoryTable, type TableQuery } from './components/CategoryTable.tsx';

/** Closed, creating (null) or editing a category. */
type Editing = { category: Category | null } | undefined;

export default function CategoryPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState<CategorySearch>({});
  const [tableQuery, setTableQuery] = useState<TableQuery>({ pageNo: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [editing, setEditing] = useState<Editing>();
  const list = useCategoryList({ ...tableQuery, ...search });

  // After deleting the last row of the last page, step back to a page that exists.
  const totalPage = list.data?.totalPage;
  useEffect(() => {
    if (totalPage !== undefined && tableQuery.pageNo > Math.max(totalPage, 1)) {
      setTableQuery((query) => ({ ...query, pageNo: Math.max(totalPage, 1) }));
    }
  }, [totalPage, tableQuery.pageNo]);

  const retry = (
    <Button onClick={() => list.refetch()} loading={list.isFetching}>
      {t('common.retry')}
    </Button>
  );

  return (
    <PageContainer title={t('menu.user')}>
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
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ category: null })}>
              {t('categories.create')}
            </Button>
          </Authorized>
        }
        styles={{ body: { overflow: 'hidden' } }}
      >
        {list.isError && !list.data ? (
          <Result
            status="error"
            title={t('categories.loadFailed')}
            subTitle={errorText(list.error, t)}
            extra={retry}
          />
        ) : (
          <Flex vertical gap={16}>
            {list.isError && (
              <Alert type="error" showIcon title={errorText(list.error, t)} action={retry} role="alert" />
            )}
            <CategoryTable
              page={list.data}
              loading={list.isFetching}
              query={tableQuery}
              onQueryChange={setTableQuery}
              onEdit={(category) => setEditing({ category })}
            />
          </Flex>
        )}
      </Card>
      {editing && <CategoryFormModal category={editing.category} onClose={() => setEditing(undefined)} />}
    </PageContainer>
  );
}
