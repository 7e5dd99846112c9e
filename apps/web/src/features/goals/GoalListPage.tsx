import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { goalListQuerySchema } from '@cool/shared';
import { Button, Space } from 'antd';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../shared/http/errorText.ts';
import { useListState } from '../../shared/list/useListState.ts';
import { Authorized } from '../../shared/permissions/Authorized.tsx';
import { useNotices } from '../../shared/ui/notices.ts';
import { PageContainer } from '../../shared/ui/PageContainer.tsx';
import { Panel } from '../../shared/ui/Panel.tsx';
import { QueryContent } from '../../shared/ui/QueryErrorState.tsx';
import { useDeleteGoals, useGoalList } from './api.ts';
import { GoalSearchForm } from './components/GoalSearchForm.tsx';
import { GoalTable } from './components/GoalTable.tsx';

/** The template's search table: the team's goals, filtered, sorted and paged on the server (`?pageNo=` kept). */
export default function GoalListPage() {
  const { t } = useTranslation();
  const { message, modal } = useNotices();
  const navigate = useNavigate();
  const listState = useListState(goalListQuerySchema);
  const list = useGoalList(listState.query);
  const remove = useDeleteGoals();
  // The selection belongs to the page shown: another page, sort or search starts with none, so a batch delete
  // counts only rows in view.
  const shown = JSON.stringify(listState.query);
  const [selection, setSelection] = useState<{ of: string; ids: Key[] }>({ of: shown, ids: [] });
  const selected = selection.of === shown ? selection.ids : [];
  const setSelected = (ids: Key[]) => setSelection({ of: shown, ids });

  const confirmBatchDelete = () =>
    modal.confirm({
      title: t('goals.batchDelete.title', { count: selected.length }),
      content: t('goals.batchDelete.content'),
      okText: t('goals.delete.ok'),
      cancelText: t('goals.delete.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync(selected.map(Number));
          message.success(t('goals.deleted', { count: selected.length }));
          setSelected([]);
        } catch (error) {
          // All or nothing: nothing was deleted.
          message.error(errorText(error, t));
        }
      },
    });

  return (
    <PageContainer title={t('menu.tableList')} content={t('goals.list.description')}>
      <Panel>
        <GoalSearchForm filters={listState.filters} onSearch={listState.search} />
      </Panel>
      <Panel
        title={t('goals.list.title')}
        extra={
          <Space wrap>
            {selected.length > 0 && (
              <Authorized permission="goals" action="delete">
                <Button danger icon={<DeleteOutlined />} onClick={confirmBatchDelete}>
                  {t('goals.batchDelete.button', { count: selected.length })}
                </Button>
              </Authorized>
            )}
            <Authorized permission="goals" action="add">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/form/basic-form')}>
                {t('goals.action.create')}
              </Button>
            </Authorized>
          </Space>
        }
        bodyStyle={{ overflow: 'hidden' }}
      >
        <QueryContent query={list} errorTitle={t('goals.loadFailed')}>
          <GoalTable
            page={list.data}
            loading={list.isFetching}
            list={listState}
            selected={selected}
            onSelect={setSelected}
          />
        </QueryContent>
      </Panel>
    </PageContainer>
  );
}
