import {
  ArrowLeftOutlined,
  DeleteOutlined,
  DownOutlined,
  ImportOutlined,
  OrderedListOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { localized, type Question, questionListQuerySchema } from '@cool/shared';
import { Alert, Button, Dropdown, Flex, Result, Tabs, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { downloadFile } from '../../shared/http/download.ts';
import { errorText } from '../../shared/http/errorText.ts';
import { useTextLanguage } from '../../shared/i18n/contentText.ts';
import { useListState } from '../../shared/list/useListState.ts';
import { usePermission } from '../../shared/permissions/usePermission.ts';
import { useTabTitle } from '../../shared/tabs/index.ts';
import { useNotices } from '../../shared/ui/notices.ts';
import { PageContainer } from '../../shared/ui/PageContainer.tsx';
import { PageLoading } from '../../shared/ui/PageLoading.tsx';
import { Panel } from '../../shared/ui/Panel.tsx';
import { QueryErrorState } from '../../shared/ui/QueryErrorState.tsx';
import { useDeleteQuestions, useQuestionSearch, useQuestions, useReorderQuestions, useTest } from './api.ts';
import { QuestionFormDrawer } from './components/QuestionFormDrawer.tsx';
import { QuestionImportModal } from './components/QuestionImportModal.tsx';
import { QuestionPasteModal } from './components/QuestionPasteModal.tsx';
import { QuestionSearchForm } from './components/QuestionSearchForm.tsx';
import { QuestionTable } from './components/QuestionTable.tsx';
import { ScoringEditor } from './components/ScoringEditor.tsx';
import { moveItem } from './mapping.ts';
import { testLanguages } from './presets.ts';

type Editing = { question: Question | null } | undefined;

/** `?testId=N` as a positive integer, else null. */
export const testIdOf = (value: string | null): number | null =>
  value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;

export default function QuestionPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const testId = testIdOf(params.get('testId'));
  const back = (
    <Link to="/game">
      <ArrowLeftOutlined /> {t('questions.back')}
    </Link>
  );
  if (testId === null)
    return (
      <PageContainer title={t('menu.qtable')} section="/game">
        <Panel>
          <Result status="info" title={t('questions.noTest')} extra={back} />
        </Panel>
      </PageContainer>
    );
  return <QuestionScreen key={testId} testId={testId} back={back} />;
}

function QuestionScreen({ testId, back }: { testId: number; back: ReactNode }) {
  const { t } = useTranslation();
  const { message, modal } = useNotices();
  const language = useTextLanguage();
  const allowed = usePermission();
  const test = useTest(testId);
  const questions = useQuestions(testId);
  const reorder = useReorderQuestions(testId);
  const remove = useDeleteQuestions(testId);
  const [editing, setEditing] = useState<Editing>();
  const [importing, setImporting] = useState(false);
  const [pasting, setPasting] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [tab, setTab] = useState('questions');
  // The search is in the URL beside the tab's testId: a shared link or a restored tab shows the same questions.
  const { filters, search } = useListState(questionListQuerySchema);
  const matches = useQuestionSearch(testId, filters);
  useTabTitle(`/qtable?testId=${testId}`, test.data && localized(test.data.title, language));

  const list = questions.data?.data ?? [];
  // A search shows its matches; the scoring editor and the order still take every question.
  const searching = Object.keys(filters).length > 0;
  const rows = searching ? (matches.data?.data ?? []) : list;
  const locked = test.data?.status === 'on_shelf';
  const can = {
    add: !locked && allowed('questions', 'add'),
    edit: !locked && allowed('questions', 'edit'),
    delete: !locked && allowed('questions', 'delete'),
    import: !locked && allowed('questions', 'import'),
    export: allowed('questions', 'export'),
    scoring: !locked && allowed('tests', 'edit'),
  };

  const retry = () => {
    void test.refetch();
    void questions.refetch();
  };

  const failure = (compact: boolean) => (
    <QueryErrorState
      compact={compact}
      error={test.error ?? questions.error}
      title={t('questions.loadFailed')}
      onRetry={retry}
      retrying={test.isFetching || questions.isFetching}
    />
  );

  if (test.isLoading || (questions.isLoading && !questions.data))
    return (
      <PageContainer title={t('menu.qtable')} section="/game" extra={back}>
        <Panel>
          <PageLoading />
        </Panel>
      </PageContainer>
    );
  if (!test.data || (questions.isError && !questions.data))
    return (
      <PageContainer title={t('menu.qtable')} section="/game" extra={back}>
        <Panel>{failure(false)}</Panel>
      </PageContainer>
    );

  const detail = test.data;
  const title = localized(detail.title, language);

  const move = (from: number, to: number) => {
    if (from === to || reorder.isPending) return;
    reorder.mutate(moveItem(list, from, to), {
      onSuccess: () => message.success(t('questions.reordered')),
      onError: (error) => message.error(errorText(error, t)),
    });
  };

  /** Moves within the rows shown: a question goes where the one it is moved onto stands in the whole test. */
  const moveShown = (from: number, to: number) => {
    const [a, b] = [rows[from], rows[to]].map((row) => list.findIndex((q) => q.id === row?.id));
    if (a !== undefined && b !== undefined && a >= 0 && b >= 0) move(a, b);
  };

  const confirmDelete = (ids: number[]) =>
    modal.confirm({
      title: t('questions.confirmDelete.title', { count: ids.length }),
      content: t('questions.confirmDelete.content', { count: ids.length }),
      okText: t('questions.confirmDelete.ok'),
      cancelText: t('questions.form.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync(ids);
          setSelected((prev) => prev.filter((id) => !ids.includes(id)));
          message.success(t('questions.deleted', { count: ids.length }));
        } catch (error) {
          message.error(errorText(error, t));
        }
      },
    });

  const exportAs = async (format: 'csv' | 'xlsx') => {
    try {
      await downloadFile(
        `/tests/${testId}/questions/export`,
        { format },
        `test-${testId}-questions.${format}`,
      );
    } catch (error) {
      message.error(errorText(error, t));
    }
  };

  const toolbar = (
    <Flex gap={8} wrap>
      {can.delete && (
        <Button
          danger
          icon={<DeleteOutlined />}
          disabled={selected.length === 0}
          onClick={() => confirmDelete(selected)}
        >
          {t('questions.bulkDelete', { count: selected.length })}
        </Button>
      )}
      {can.import && (
        <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
          {t('questions.import.button')}
        </Button>
      )}
      {can.export && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'csv', label: t('questions.export.csv') },
              { key: 'xlsx', label: t('questions.export.xlsx') },
            ],
            onClick: ({ key }) => void exportAs(key as 'csv' | 'xlsx'),
          }}
        >
          <Button>
            {t('questions.export.button')} <DownOutlined />
          </Button>
        </Dropdown>
      )}
      {can.add && (
        <Button icon={<OrderedListOutlined />} onClick={() => setPasting(true)}>
          {t('questions.paste.button')}
        </Button>
      )}
      {can.add && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ question: null })}>
          {t('questions.create')}
        </Button>
      )}
    </Flex>
  );

  return (
    <PageContainer
      title={
        <Flex gap={8} align="center" wrap component="span">
          <span>{title}</span>
          <Tag color={locked ? 'success' : 'default'} style={{ fontWeight: 'normal' }}>
            {t(`tests.status.${detail.status}`)}
          </Tag>
        </Flex>
      }
      section="/game"
      extra={back}
    >
      {locked && <Alert type="info" showIcon title={t('questions.locked')} />}
      {(test.isError || questions.isError) && failure(true)}
      <Panel bodyStyle={{ paddingTop: 4, overflow: 'hidden' }}>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          destroyOnHidden
          items={[
            {
              key: 'questions',
              label: t('questions.tab.questions', { count: list.length }),
              children: (
                <Flex vertical gap={12}>
                  <QuestionSearchForm filters={filters} onSearch={search} />
                  {toolbar}
                  <QuestionTable
                    questions={rows}
                    loading={questions.isFetching || reorder.isPending || (searching && matches.isFetching)}
                    canEdit={can.edit}
                    canDelete={can.delete}
                    selected={selected}
                    onSelect={setSelected}
                    onEdit={(question) => setEditing({ question })}
                    onDelete={(question) => confirmDelete([question.id])}
                    onMove={moveShown}
                  />
                </Flex>
              ),
            },
            {
              key: 'scoring',
              label: t('questions.tab.scoring'),
              children: <ScoringEditor test={detail} questions={list} readOnly={!can.scoring} />,
            },
          ]}
        />
      </Panel>
      {editing && (
        <QuestionFormDrawer
          testId={testId}
          question={editing.question}
          scoring={detail.scoring}
          // A new question comes last: the one before it is the last one.
          previous={(editing.question ? list[editing.question.position - 2] : list.at(-1)) ?? null}
          languages={testLanguages(detail.title)}
          onClose={() => setEditing(undefined)}
        />
      )}
      {importing && <QuestionImportModal testId={testId} onClose={() => setImporting(false)} />}
      {pasting && (
        <QuestionPasteModal
          testId={testId}
          questions={list}
          languages={testLanguages(detail.title)}
          onClose={() => setPasting(false)}
        />
      )}
    </PageContainer>
  );
}
