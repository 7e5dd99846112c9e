import { DownloadOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { type Test, type TestDocumentInput, testListQuerySchema } from '@cool/shared';
import { Button, Flex } from 'antd';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../shared/http/download.ts';
import { errorText } from '../../shared/http/errorText.ts';
import { useTextLanguage } from '../../shared/i18n/contentText.ts';
import { loadErrorMessages } from '../../shared/i18n/i18n.ts';
import { useListState } from '../../shared/list/useListState.ts';
import { Authorized } from '../../shared/permissions/Authorized.tsx';
import { ShelfPaymentWarning } from '../../shared/records/ShelfPaymentWarning.tsx';
import { LoadingOverlay } from '../../shared/ui/LoadingOverlay.tsx';
import { useNotices } from '../../shared/ui/notices.ts';
import { PageContainer } from '../../shared/ui/PageContainer.tsx';
import { Panel } from '../../shared/ui/Panel.tsx';
import { QueryContent } from '../../shared/ui/QueryErrorState.tsx';
import { useImportTest, useTestList } from './api.ts';
import { TestSearchForm } from './components/TestSearchForm.tsx';
import { TestTable } from './components/TestTable.tsx';
import { sortInLanguage } from './titleSort.ts';

// Downloaded when first opened: the list (the console's home) shows without the form's fields, the image
// upload or the report preview. The form comes with the server's error texts, which its checks may show.
const TestFormDrawer = lazy(() =>
  Promise.all([import('./components/TestFormDrawer.tsx'), loadErrorMessages()]).then(([m]) => ({
    default: m.TestFormDrawer,
  })),
);
const TestPreviewDrawer = lazy(() =>
  import('./components/TestPreviewDrawer.tsx').then((m) => ({ default: m.TestPreviewDrawer })),
);

/** Closed, creating (null) or editing a test. */
type Editing = { test: Test | null } | undefined;

export default function TestPage() {
  const { t } = useTranslation();
  const { message, modal } = useNotices();
  const language = useTextLanguage();
  const [editing, setEditing] = useState<Editing>();
  const [previewing, setPreviewing] = useState<Test | null>(null);
  const [exporting, setExporting] = useState(false);
  // A plain file input, not antd's Upload: one file is read here, with no upload list to show.
  const importInput = useRef<HTMLInputElement>(null);
  // Filters, sort and page live in the URL: a shared link or a restored tab shows the same list.
  const urlState = useListState(testListQuerySchema);
  const { sortField } = urlState.query;
  const listState = {
    ...urlState,
    query: {
      ...urlState.query,
      sortField: sortInLanguage(sortField, language),
    },
  };
  const { query } = listState;
  const list = useTestList(query);
  const importTest = useImportTest();

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { pageNo: _pageNo, pageSize: _pageSize, ...filters } = query;
      await downloadFile('/tests/export', filters, 'tests.csv');
    } catch (error) {
      message.error(errorText(error, t));
    } finally {
      setExporting(false);
    }
  };

  const importFile = async (file: File) => {
    let document: TestDocumentInput;
    try {
      document = JSON.parse(await file.text()) as TestDocumentInput;
    } catch {
      message.error(t('tests.import.notJson'));
      return;
    }
    try {
      const { test, skippedCategories } = await importTest.mutateAsync(document);
      message.success(
        t('tests.import.done', { title: test.title[language] || test.title.zh || test.title.en }),
      );
      if (skippedCategories.length > 0)
        modal.warning({
          title: t('tests.import.skipped'),
          content: skippedCategories.join(t('tests.import.separator')),
        });
    } catch (error) {
      modal.error({ title: t('tests.import.failed'), content: errorText(error, t) });
    }
  };

  return (
    <PageContainer title={t('menu.game')} content={t('tests.description')}>
      <ShelfPaymentWarning setUpLink />
      <Panel>
        <TestSearchForm filters={listState.filters} onSearch={listState.search} />
      </Panel>
      <Panel title={t('tests.listTitle')} bodyStyle={{ overflow: 'hidden' }}>
        <Flex vertical gap={16}>
          <Flex gap={8} wrap justify="flex-end">
            <Authorized permission="tests" action="import">
              <input
                ref={importInput}
                type="file"
                accept="application/json,.json"
                hidden
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  // Cleared, so choosing the same file again imports it again.
                  event.target.value = '';
                  if (file) void importFile(file);
                }}
              />
              <Button icon={<ImportOutlined />} onClick={() => importInput.current?.click()}>
                {t('tests.import.button')}
              </Button>
            </Authorized>
            <Authorized permission="tests" action="export">
              <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()}>
                {t('tests.exportCsv')}
              </Button>
            </Authorized>
            <Authorized permission="tests" action="add">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ test: null })}>
                {t('tests.create')}
              </Button>
            </Authorized>
          </Flex>
          <QueryContent query={list} errorTitle={t('tests.loadFailed')}>
            <TestTable
              page={list.data}
              loading={list.isFetching}
              list={listState}
              onEdit={(test) => setEditing({ test })}
              onPreview={setPreviewing}
            />
          </QueryContent>
        </Flex>
      </Panel>
      <Suspense fallback={null}>
        {editing && <TestFormDrawer test={editing.test} onClose={() => setEditing(undefined)} />}
        {previewing && <TestPreviewDrawer test={previewing} onClose={() => setPreviewing(null)} />}
      </Suspense>
      {/* Creating a whole test with its questions takes a while: nothing else may start meanwhile. */}
      <LoadingOverlay visible={importTest.isPending} tip={t('tests.import.running')} />
    </PageContainer>
  );
}
