import { ArrowDownOutlined, ArrowUpOutlined, PictureOutlined } from '@ant-design/icons';
import { localized, type Question } from '@cool/shared';
import { Button, Empty, Grid, Space, Table, type TableProps, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTextLanguage } from '../../../shared/i18n/contentText.ts';
import { FIT_TABLE } from '../../../shared/list/fitTable.ts';
import { ImagePreviewModal } from '../../../shared/ui/ImagePreviewModal.tsx';
import { DragHandle, SortableRows, sortableRowComponents } from './SortableRows.tsx';

interface QuestionTableProps {
  questions: Question[];
  loading: boolean;
  /** Editing allowed (not locked, and the role may edit). */
  canEdit: boolean;
  canDelete: boolean;
  selected: number[];
  onSelect: (ids: number[]) => void;
  onEdit: (question: Question) => void;
  onDelete: (question: Question) => void;
  onMove: (from: number, to: number) => void;
}

export function QuestionTable(props: QuestionTableProps) {
  const { questions, loading, canEdit, canDelete, selected, onSelect, onEdit, onDelete, onMove } = props;
  const { t } = useTranslation();
  const language = useTextLanguage();
  const [image, setImage] = useState<string | null>(null);
  const isMobile = Grid.useBreakpoint().md === false;

  const columns: TableProps<Question>['columns'] = [
    ...(canEdit
      ? [
          {
            key: 'drag',
            width: 36,
            render: (_: unknown, q: Question) => <DragHandle n={q.position} />,
          },
        ]
      : []),
    {
      key: 'position',
      dataIndex: 'position',
      title: t('questions.field.position'),
      align: 'right',
    },
    {
      key: 'stem',
      title: t('questions.field.stem'),
      render: (_, q) => (
        <span style={{ display: 'inline-block', minWidth: 160, maxWidth: 520 }}>
          {localized(q.stem, language)}
        </span>
      ),
    },
    {
      key: 'type',
      title: t('questions.field.type'),
      render: (_, q) => <Tag>{t(`questions.type.${q.type}`)}</Tag>,
    },
    {
      key: 'required',
      title: t('questions.field.required'),
      render: (_, q) => (q.required ? t('questions.yes') : t('questions.no')),
    },
    {
      key: 'options',
      title: t('questions.field.optionCount'),
      align: 'right',
      render: (_, q) => q.options.length,
    },
    {
      key: 'image',
      title: t('questions.field.image'),
      render: (_, q) =>
        q.imageUrl ? (
          <Button
            size="small"
            icon={<PictureOutlined />}
            aria-label={t('questions.imageOf', { n: q.position })}
            onClick={() => setImage(q.imageUrl)}
          />
        ) : null,
    },
  ];
  if (canEdit || canDelete)
    columns.push({
      key: 'actions',
      title: t('questions.field.actions'),
      // On phones a pinned column would cover the whole table.
      fixed: isMobile ? undefined : 'right',
      render: (_, q, index) => (
        // Wraps onto a second line rather than widen the table past the page.
        <Space size={0} wrap>
          {canEdit && (
            <>
              <Button
                type="text"
                size="small"
                icon={<ArrowUpOutlined />}
                aria-label={t('questions.moveUp', { n: q.position })}
                disabled={index === 0}
                onClick={() => onMove(index, index - 1)}
              />
              <Button
                type="text"
                size="small"
                icon={<ArrowDownOutlined />}
                aria-label={t('questions.moveDown', { n: q.position })}
                disabled={index === questions.length - 1}
                onClick={() => onMove(index, index + 1)}
              />
              <Button type="link" size="small" onClick={() => onEdit(q)}>
                {t('questions.action.edit')}
              </Button>
            </>
          )}
          {canDelete && (
            <Button type="link" size="small" danger onClick={() => onDelete(q)}>
              {t('questions.action.delete')}
            </Button>
          )}
        </Space>
      ),
    });

  const table = (
    <Table<Question>
      rowKey="id"
      columns={columns}
      dataSource={questions}
      loading={loading}
      pagination={false}
      {...FIT_TABLE}
      rowSelection={
        canDelete ? { selectedRowKeys: selected, onChange: (keys) => onSelect(keys as number[]) } : undefined
      }
      components={canEdit ? sortableRowComponents : undefined}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('questions.empty')} />,
      }}
    />
  );
  return (
    <>
      {canEdit ? (
        <SortableRows ids={questions.map((q) => q.id)} onMove={onMove}>
          {table}
        </SortableRows>
      ) : (
        table
      )}
      <ImagePreviewModal src={image} title={t('questions.field.image')} onClose={() => setImage(null)} />
    </>
  );
}
