import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { GOAL_MILESTONE_TITLE_MAX, GOAL_MILESTONES_MAX } from '@cool/shared';
import { Button, Checkbox, DatePicker, Empty, Form, Input, Table } from 'antd';
import { useTranslation } from 'react-i18next';

/** The plan's editable table of milestones (the template's member table): a title, a due day, done or not. */
export function MilestoneTable({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  return (
    <Form.List name="milestones">
      {(fields, { add, remove }) => (
        <>
          <Table
            rowKey="key"
            size="middle"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={fields}
            locale={{
              emptyText: (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('goals.milestone.empty')} />
              ),
            }}
            columns={[
              {
                key: 'title',
                title: t('goals.milestone.title'),
                render: (_, field) => (
                  <Form.Item
                    name={[field.name, 'title']}
                    style={{ margin: 0, minWidth: 200 }}
                    rules={[
                      { required: true, whitespace: true, message: t('goals.required.milestoneTitle') },
                      {
                        max: GOAL_MILESTONE_TITLE_MAX,
                        message: t('goals.validation.tooLong', { max: GOAL_MILESTONE_TITLE_MAX }),
                      },
                    ]}
                  >
                    <Input aria-label={t('goals.milestone.titleN', { n: field.name + 1 })} />
                  </Form.Item>
                ),
              },
              {
                key: 'dueDate',
                title: t('goals.milestone.dueDate'),
                render: (_, field) => (
                  <Form.Item
                    name={[field.name, 'dueDate']}
                    style={{ margin: 0, minWidth: 150 }}
                    rules={[{ required: true, message: t('goals.required.milestoneDue') }]}
                  >
                    <DatePicker aria-label={t('goals.milestone.dueDateN', { n: field.name + 1 })} />
                  </Form.Item>
                ),
              },
              {
                key: 'done',
                title: t('goals.milestone.done'),
                render: (_, field) => (
                  <Form.Item name={[field.name, 'done']} valuePropName="checked" style={{ margin: 0 }}>
                    <Checkbox aria-label={t('goals.milestone.doneN', { n: field.name + 1 })} />
                  </Form.Item>
                ),
              },
              ...(editable
                ? [
                    {
                      key: 'remove',
                      title: t('goals.field.actions'),
                      render: (_: unknown, field: { name: number }) => (
                        <Button
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('goals.milestone.removeN', { n: field.name + 1 })}
                          onClick={() => remove(field.name)}
                        />
                      ),
                    },
                  ]
                : []),
            ]}
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
      )}
    </Form.List>
  );
}
