import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { GOAL_MILESTONE_TITLE_MAX, GOAL_MILESTONES_MAX } from '@cool/shared';
import { Button, Checkbox, DatePicker, Empty, Flex, Form, Input, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePhoneTable } from '../../../shared/list/fitTable.ts';

type Row = { key: number; name: number };

/** The plan's editable table of milestones (the template's member table): a title, a due day, done or not. */
export function MilestoneTable({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const isPhone = usePhoneTable();

  const titleField = ({ name }: Row) => (
    <Form.Item
      name={[name, 'title']}
      style={{ margin: 0, minWidth: isPhone ? 0 : 200 }}
      rules={[
        { required: true, whitespace: true, message: t('goals.required.milestoneTitle') },
        {
          max: GOAL_MILESTONE_TITLE_MAX,
          message: t('goals.validation.tooLong', { max: GOAL_MILESTONE_TITLE_MAX }),
        },
      ]}
    >
      <Input
        aria-label={t('goals.milestone.titleN', { n: name + 1 })}
        placeholder={t('goals.milestone.title')}
      />
    </Form.Item>
  );
  const dueField = ({ name }: Row) => (
    <Form.Item
      name={[name, 'dueDate']}
      style={{ margin: 0 }}
      rules={[{ required: true, message: t('goals.required.milestoneDue') }]}
    >
      <DatePicker
        aria-label={t('goals.milestone.dueDateN', { n: name + 1 })}
        placeholder={t('goals.milestone.dueDate')}
      />
    </Form.Item>
  );
  const doneField = ({ name }: Row, label?: string) => (
    <Form.Item name={[name, 'done']} valuePropName="checked" style={{ margin: 0 }}>
      <Checkbox aria-label={t('goals.milestone.doneN', { n: name + 1 })}>{label}</Checkbox>
    </Form.Item>
  );

  return (
    <Form.List name="milestones">
      {(fields, { add, remove }) => {
        const removeButton = ({ name }: Row) => (
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('goals.milestone.removeN', { n: name + 1 })}
            onClick={() => remove(name)}
          />
        );
        // A phone shows each milestone as one block: four inputs side by side do not fit 375 px.
        const phoneColumns: TableProps<Row>['columns'] = [
          {
            key: 'milestone',
            render: (_, row) => (
              <Flex vertical gap={8}>
                {titleField(row)}
                <Flex gap={8} align="center" justify="space-between" wrap>
                  {dueField(row)}
                  {doneField(row, t('goals.milestone.done'))}
                  {editable && removeButton(row)}
                </Flex>
              </Flex>
            ),
          },
        ];
        const columns: TableProps<Row>['columns'] = [
          { key: 'title', title: t('goals.milestone.title'), render: (_, row) => titleField(row) },
          { key: 'dueDate', title: t('goals.milestone.dueDate'), render: (_, row) => dueField(row) },
          { key: 'done', title: t('goals.milestone.done'), render: (_, row) => doneField(row) },
          ...(editable
            ? [
                {
                  key: 'remove',
                  title: t('goals.field.actions'),
                  render: (_: unknown, row: Row) => removeButton(row),
                },
              ]
            : []),
        ];
        return (
          <>
            <Table<Row>
              rowKey="key"
              size="middle"
              pagination={false}
              showHeader={!isPhone}
              scroll={{ x: 'max-content' }}
              dataSource={fields}
              columns={isPhone ? phoneColumns : columns}
              locale={{
                emptyText: (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('goals.milestone.empty')} />
                ),
              }}
            />
            {editable && (
              <Button
                type="dashed"
                block
                icon={<PlusOutlined />}
                style={{ marginTop: 16 }}
                disabled={fields.length >= GOAL_MILESTONES_MAX}
                onClick={() => add({ title: '', done: false })}
              >
                {fields.length >= GOAL_MILESTONES_MAX
                  ? t('goals.milestone.full', { max: GOAL_MILESTONES_MAX })
                  : t('goals.milestone.add')}
              </Button>
            )}
          </>
        );
      }}
    </Form.List>
  );
}
