import { DownOutlined, PictureOutlined } from '@ant-design/icons';
import {
  formatNumber,
  formatYuan,
  localized,
  type Page,
  type PublishProblem,
  type Test,
  type TestStatus,
  type testListQuerySchema,
} from '@cool/shared';
import {
  Button,
  type TableColumnType as ColumnType,
  Dropdown,
  Empty,
  Flex,
  Grid,
  type MenuProps,
  Space,
  Table,
  type TableProps,
  theme,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/http/client.ts';
import { downloadFile } from '../../../shared/http/download.ts';
import { errorText, fieldErrorText } from '../../../shared/http/errorText.ts';
import { useTextLanguage } from '../../../shared/i18n/contentText.ts';
import { FIT_TABLE, usePhoneTable } from '../../../shared/list/fitTable.ts';
import { useListTable } from '../../../shared/list/listTable.ts';
import type { ListStateOf } from '../../../shared/list/useListState.ts';
import { usePermission } from '../../../shared/permissions/usePermission.ts';
import { formatDateTime } from '../../../shared/ui/format.ts';
import { ImagePreviewModal } from '../../../shared/ui/ImagePreviewModal.tsx';
import { useNotices } from '../../../shared/ui/notices.ts';
import { StatusTag, type TagTone } from '../../../shared/ui/StatusTag.tsx';
import { type TestAction, useTestAction } from '../api.ts';
import { useOpenQuestions } from '../openQuestions.ts';
import { titleSortField } from '../titleSort.ts';

const STATUS_TONES: Record<TestStatus, TagTone> = {
  draft: 'default',
  on_shelf: 'success',
  off_shelf: 'warning',
};

interface TestTableProps {
  page: Page<Test> | undefined;
  loading: boolean;
  list: ListStateOf<typeof testListQuerySchema>;
  onEdit: (test: Test) => void;
  onPreview: (test: Test) => void;
}

export function TestTable({ page, loading, list, onEdit, onPreview }: TestTableProps) {
  const { t } = useTranslation();
  const { message, modal } = useNotices();
  const { token } = theme.useToken();
  const allowed = usePermission();
  const language = useTextLanguage();
  const action = useTestAction();
  const openQuestions = useOpenQuestions();
  const [cover, setCover] = useState<Test | null>(null);
  const isMobile = Grid.useBreakpoint().md === false;
  const isPhone = usePhoneTable();

  const can = {
    edit: allowed('tests', 'edit'),
    delete: allowed('tests', 'delete'),
    publish: allowed('tests', 'enable'),
    unpublish: allowed('tests', 'disable'),
    duplicate: allowed('tests', 'add'),
    export: allowed('tests', 'export'),
    questions: allowed('questions', 'query'),
    // The preview reads the test and its questions.
    preview: allowed('tests', 'get') && allowed('questions', 'query'),
  };

  // A role that may do nothing with a test (finance reads them) gets no Actions column, not an empty one.
  const anyAction = Object.values(can).some(Boolean);

  const titleOf = (test: Test) => localized(test.title, language);

  const run = async (test: Test, kind: TestAction) => {
    try {
      await action.mutateAsync({ id: test.id, action: kind });
      message.success(t(`tests.done.${kind}`, { title: titleOf(test) }));
    } catch (error) {
      const problems =
        (error instanceof ApiError && (error.result as { problems?: PublishProblem[] } | null)?.problems) ||
        [];
      if (kind === 'publish' && problems.length > 0) {
        modal.error({
          title: t('tests.publish.refused', { title: titleOf(test) }),
          width: 560,
          content: (
            <ul style={{ paddingInlineStart: 20, margin: 0 }} aria-label={t('tests.publish.problems')}>
              {problems
                .map((problem) => fieldErrorText(problem, t))
                .map((text) => (
                  <li key={text}>{text}</li>
                ))}
            </ul>
          ),
        });
      } else {
        // e.g. 409 "has records": the server's own message.
        modal.error({ title: t(`tests.failed.${kind}`), content: errorText(error, t) });
      }
    }
  };

  // Publishing offers the test to takers and locks it: asked first, like taking it off and deleting.
  const confirm = (test: Test, kind: 'delete' | 'unpublish' | 'publish') =>
    modal.confirm({
      title: t(`tests.confirm.${kind}.title`),
      content: t(`tests.confirm.${kind}.content`, { title: titleOf(test) }),
      okText: t(`tests.confirm.${kind}.ok`),
      cancelText: t('tests.form.cancel'),
      okButtonProps: { danger: kind !== 'publish' },
      onOk: () => run(test, kind),
    });

  const exportDocument = async (test: Test) => {
    try {
      await downloadFile(`/tests/${test.id}/document`, undefined, `test-${test.id}.json`);
    } catch (error) {
      message.error(errorText(error, t));
    }
  };

  const moreItems = (test: Test): MenuProps['items'] => {
    const items: MenuProps['items'] = [];
    if (test.status === 'on_shelf') {
      if (can.unpublish) items.push({ key: 'unpublish', label: t('tests.action.unpublish') });
    } else if (can.publish) items.push({ key: 'publish', label: t('tests.action.publish') });
    if (can.duplicate) items.push({ key: 'duplicate', label: t('tests.action.duplicate') });
    if (can.export) items.push({ key: 'document', label: t('tests.action.exportJson') });
    if (can.delete)
      items.push({ type: 'divider' }, { key: 'delete', label: t('tests.action.delete'), danger: true });
    return items;
  };

  const onMore = (test: Test, key: string) => {
    if (key === 'delete' || key === 'unpublish' || key === 'publish') confirm(test, key);
    else if (key === 'document') void exportDocument(test);
    else void run(test, key as TestAction);
  };

  const thumbnail = (test: Test) =>
    test.coverUrl ? (
      <button
        type="button"
        aria-label={t('tests.coverOf', { title: titleOf(test) })}
        onClick={() => setCover(test)}
        style={{
          width: 48,
          height: 48,
          padding: 0,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusSM,
          overflow: 'hidden',
          cursor: 'zoom-in',
          background: token.colorFillTertiary,
          flex: 'none',
        }}
      >
        <img src={test.coverUrl} alt="" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      </button>
    ) : (
      <span
        aria-hidden
        style={{
          display: 'grid',
          placeItems: 'center',
          width: 48,
          height: 48,
          flex: 'none',
          borderRadius: token.borderRadiusSM,
          background: token.colorFillTertiary,
          color: token.colorTextQuaternary,
        }}
      >
        <PictureOutlined />
      </span>
    );

  // Typography.Text's look without its code: the tests list is the console's home, the first page it loads.
  const secondary = { color: token.colorTextDescription, fontSize: token.fontSizeSM };
  const title = (test: Test) => (
    <Space orientation="vertical" size={0}>
      <strong style={{ fontWeight: token.fontWeightStrong }}>{titleOf(test)}</strong>
      {localized(test.subtitle, language) && (
        <span style={secondary}>{localized(test.subtitle, language)}</span>
      )}
    </Space>
  );

  const status = (test: Test) => (
    <StatusTag tone={STATUS_TONES[test.status]}>{t(`tests.status.${test.status}`)}</StatusTag>
  );
  const price = (test: Test) =>
    test.priceFen === 0 ? t('tests.pricing.free') : formatYuan(test.priceFen, { symbol: true });

  const actions = (test: Test) => {
    const more = moreItems(test);
    return (
      // Wraps onto a second line rather than widen the table past the page.
      <Space size={0} wrap>
        {can.edit && (
          <Button type="link" size="small" onClick={() => onEdit(test)}>
            {t('tests.action.edit')}
          </Button>
        )}
        {can.questions && (
          <Button type="link" size="small" onClick={() => openQuestions(test)}>
            {t('tests.action.questions')}
          </Button>
        )}
        {can.preview && (
          <Button type="link" size="small" onClick={() => onPreview(test)}>
            {t('tests.action.preview')}
          </Button>
        )}
        {more && more.length > 0 && (
          <Dropdown menu={{ items: more, onClick: ({ key }) => onMore(test, key) }} trigger={['click']}>
            <Button type="link" size="small" aria-label={t('tests.action.moreOf', { title: titleOf(test) })}>
              {t('tests.action.more')} <DownOutlined />
            </Button>
          </Dropdown>
        )}
      </Space>
    );
  };

  // Below 1600 px the table keeps what a list is scanned for; the rest is in the test's drawer.
  const wideOnly: ColumnType<Test>['responsive'] = ['xxl'];

  const columns: TableProps<Test>['columns'] = isPhone
    ? [
        {
          key: 'test',
          render: (_, test) => (
            <Flex gap={12} align="start">
              {thumbnail(test)}
              <Flex vertical gap={4} style={{ minWidth: 0 }}>
                {title(test)}
                <Space size={8} wrap>
                  {status(test)}
                  <span>{price(test)}</span>
                </Space>
                {anyAction && <div style={{ marginInline: -7 }}>{actions(test)}</div>}
              </Flex>
            </Flex>
          ),
        },
      ]
    : [
        { key: 'cover', title: t('tests.field.cover'), width: 72, render: (_, test) => thumbnail(test) },
        {
          key: 'title',
          title: t('tests.field.title'),
          sorter: true,
          render: (_, test) => <div style={{ minWidth: 140 }}>{title(test)}</div>,
        },
        { key: 'status', title: t('tests.field.status'), render: (_, test) => status(test) },
        {
          key: 'categories',
          title: t('tests.field.categories'),
          render: (_, test) =>
            test.categories.map((c) => (
              <StatusTag key={c.id} style={{ marginBlock: 2 }}>
                {(language === 'zh' ? c.nameZh : c.nameEn) || c.nameZh || c.nameEn}
              </StatusTag>
            )),
        },
        {
          key: 'priceFen',
          title: t('tests.field.price'),
          sorter: true,
          align: 'right',
          render: (_, test) => price(test),
        },
        {
          key: 'minutes',
          dataIndex: 'minutes',
          title: t('tests.field.minutes'),
          sorter: true,
          align: 'right',
          responsive: wideOnly,
        },
        {
          key: 'questionCount',
          dataIndex: 'questionCount',
          title: t('tests.field.questionCount'),
          sorter: true,
          align: 'right',
        },
        {
          key: 'participantCount',
          title: t('tests.field.participantCount'),
          align: 'right',
          responsive: wideOnly,
          render: (_, test) => formatNumber(test.participantCount),
        },
        {
          key: 'version',
          dataIndex: 'version',
          title: t('tests.field.version'),
          sorter: true,
          align: 'right',
          responsive: wideOnly,
        },
        {
          key: 'sortOrder',
          dataIndex: 'sortOrder',
          title: t('tests.field.sortOrder'),
          sorter: true,
          align: 'right',
          responsive: wideOnly,
        },
        {
          key: 'updateTime',
          title: t('tests.field.updated'),
          sorter: true,
          render: (_, test) => (
            <Space orientation="vertical" size={0}>
              <span>{formatDateTime(test.updateTime)}</span>
              <span style={secondary}>{test.updatedBy ?? ''}</span>
            </Space>
          ),
        },
        ...(anyAction
          ? [
              {
                key: 'actions',
                title: t('tests.field.actions'),
                // On narrow screens a pinned column would cover the whole table.
                fixed: isMobile ? undefined : ('right' as const),
                render: (_: unknown, test: Test) => actions(test),
              },
            ]
          : []),
      ];

  const table = useListTable(list, page, {
    columns,
    showTotal: (total) => t('tests.total', { total }),
    sortFields: { title: titleSortField(language) },
  });

  return (
    <>
      <Table<Test>
        {...table}
        {...FIT_TABLE}
        showHeader={!isPhone}
        rowKey="id"
        dataSource={page?.data}
        loading={loading}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tests.empty')} /> }}
      />
      <ImagePreviewModal
        src={cover?.coverUrl}
        title={cover ? t('tests.coverOf', { title: titleOf(cover) }) : ''}
        onClose={() => setCover(null)}
      />
    </>
  );
}
