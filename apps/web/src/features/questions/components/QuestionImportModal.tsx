import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import type { ImportRowError } from '@cool/shared';
import { Alert, Button, Flex, Modal, Radio, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/http/client.ts';
import { downloadFile } from '../../../shared/http/download.ts';
import { errorText, fieldErrorText } from '../../../shared/http/errorText.ts';
import { LoadingOverlay } from '../../../shared/ui/LoadingOverlay.tsx';
import { useNotices } from '../../../shared/ui/notices.ts';
import { importRowErrors, useImportQuestions } from '../api.ts';

interface QuestionImportModalProps {
  testId: number;
  onClose: () => void;
}

/** CSV/XLSX import: every bad row is listed with its line; nothing is imported when any row is bad. */
export function QuestionImportModal({ testId, onClose }: QuestionImportModalProps) {
  const { t } = useTranslation();
  const { message } = useNotices();
  const [mode, setMode] = useState<'append' | 'replace'>('append');
  const [rowErrors, setRowErrors] = useState<ImportRowError[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const importQuestions = useImportQuestions(testId);

  const send = async (file: File) => {
    setRowErrors([]);
    setFailure(null);
    try {
      const outcome = await importQuestions.mutateAsync({ file, mode });
      message.success(
        t('questions.import.done', {
          imported: outcome.imported,
          total: outcome.total,
          count: outcome.imported,
        }),
      );
      onClose();
    } catch (error) {
      const rows = error instanceof ApiError ? importRowErrors(error.result) : [];
      setRowErrors(rows);
      setFailure(
        rows.length > 0 ? t('questions.import.rejected', { count: rows.length }) : errorText(error, t),
      );
    }
  };

  const template = async (format: 'csv' | 'xlsx') => {
    try {
      await downloadFile('/questions/template', { format }, `questions-template.${format}`);
    } catch (error) {
      message.error(errorText(error, t));
    }
  };

  return (
    <Modal
      open
      title={t('questions.import.title')}
      footer={null}
      onCancel={onClose}
      width={720}
      mask={{ closable: false }}
    >
      <Flex vertical gap={16}>
        <Typography.Paragraph style={{ margin: 0 }}>{t('questions.import.hint')}</Typography.Paragraph>
        <Flex gap={8} wrap>
          <Button icon={<DownloadOutlined />} onClick={() => void template('csv')}>
            {t('questions.import.templateCsv')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => void template('xlsx')}>
            {t('questions.import.templateXlsx')}
          </Button>
        </Flex>
        <Radio.Group
          value={mode}
          onChange={(event) => setMode(event.target.value as 'append' | 'replace')}
          options={[
            { value: 'append', label: t('questions.import.append') },
            { value: 'replace', label: t('questions.import.replace') },
          ]}
        />
        {mode === 'replace' && <Alert type="warning" showIcon title={t('questions.import.replaceWarning')} />}
        <Upload.Dragger
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          showUploadList={false}
          disabled={importQuestions.isPending}
          beforeUpload={(file) => {
            void send(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('questions.import.drop')}</p>
        </Upload.Dragger>
        {failure && <Alert type="error" showIcon title={failure} role="alert" />}
        {rowErrors.length > 0 && (
          <Table<ImportRowError>
            size="small"
            rowKey={(row) => `${row.line}-${row.field}-${row.message}`}
            dataSource={rowErrors}
            pagination={rowErrors.length > 10 ? { pageSize: 10 } : false}
            scroll={{ x: 'max-content' }}
            aria-label={t('questions.import.badRows')}
            columns={[
              { key: 'line', dataIndex: 'line', title: t('questions.import.line'), width: 70 },
              { key: 'field', dataIndex: 'field', title: t('questions.import.field'), width: 150 },
              {
                key: 'message',
                title: t('questions.import.message'),
                render: (_, row) => fieldErrorText(row, t),
              },
            ]}
          />
        )}
      </Flex>
      {/* Above this dialog: a large file takes a while, and closing it midway would hide the outcome. */}
      <LoadingOverlay visible={importQuestions.isPending} tip={t('questions.import.running')} />
    </Modal>
  );
}
