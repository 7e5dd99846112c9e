import { CloseCircleOutlined } from '@ant-design/icons';
import { GOAL_STATUSES, GOAL_TARGET_COUNT_MAX, type Goal } from '@cool/shared';
import { Alert, Button, Col, Flex, Form, InputNumber, Popover, Row, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useNotices } from '../../shared/ui/notices.ts';
import { PageContainer } from '../../shared/ui/PageContainer.tsx';
import { Panel } from '../../shared/ui/Panel.tsx';
import { GoalFields } from './components/GoalFields.tsx';
import { GoalProgress } from './components/GoalProgress.tsx';
import { GoalScreen, useGoalSubmit } from './components/GoalScreen.tsx';
import { MilestoneTable } from './components/MilestoneTable.tsx';
import { TestSelect } from './components/TestSelect.tsx';
import { type GoalFormValues, NEW_GOAL, valuesOf } from './goalForm.ts';

/**
 * The template's advanced form, as a goal's full plan: the goal itself, its target (a test and a number of
 * records submitted in its period, with the progress so far) and its milestones, saved together.
 */
export default function GoalPlanPage() {
  const { t } = useTranslation();
  return (
    <PageContainer title={t('menu.advancedForm')} content={t('goals.plan.description')}>
      <GoalScreen>
        {(goal, editable) => <PlanForm key={goal?.id ?? 'new'} goal={goal} editable={editable} />}
      </GoalScreen>
    </PageContainer>
  );
}

/** The form field of a name path, as its label: `milestones.2.title` is "Milestone (3)". */
function useFieldLabel() {
  const { t } = useTranslation();
  const labels: Record<string, string> = {
    title: t('goals.field.title'),
    period: t('goals.field.period'),
    client: t('goals.field.client'),
    description: t('goals.field.description'),
    metrics: t('goals.field.metrics'),
    criticIds: t('goals.field.critics'),
    weight: t('goals.field.weight'),
    disclosure: t('goals.field.disclosure'),
    publicUserIds: t('goals.field.publicUsers'),
    status: t('goals.field.status'),
    targetTestId: t('goals.field.targetTest'),
    targetCount: t('goals.field.targetCount'),
    milestones: t('goals.field.milestones'),
  };
  const milestoneLabels: Record<string, string> = {
    title: t('goals.milestone.title'),
    dueDate: t('goals.milestone.dueDate'),
    done: t('goals.milestone.done'),
  };
  return (name: (string | number)[]) => {
    const [first, index, part] = name;
    if (first === 'milestones' && typeof index === 'number')
      return `${milestoneLabels[String(part)] ?? ''} (${index + 1})`;
    return labels[String(first)] ?? String(first);
  };
}

interface FieldErrors {
  name: (string | number)[];
  errors: string[];
}

function PlanForm({ goal, editable }: { goal: Goal | undefined; editable: boolean }) {
  const { t } = useTranslation();
  const { message } = useNotices();
  const navigate = useNavigate();
  const [form] = Form.useForm<GoalFormValues>();
  const { submit, saving, formError } = useGoalSubmit(form, goal, true);
  const [problems, setProblems] = useState<FieldErrors[]>([]);
  const labelOf = useFieldLabel();

  const collect = () => setProblems(form.getFieldsError().filter((field) => field.errors.length > 0));

  const save = async (values: GoalFormValues) => {
    const saved = await submit(values);
    collect();
    if (!saved) return;
    message.success(t('goals.submitted'));
    // A new plan continues as the saved goal's, in its own tab.
    if (!goal) navigate(`/form/advanced-form?id=${saved.id}`, { replace: true });
  };

  const errorList = (
    <ul
      aria-label={t('goals.plan.errors')}
      style={{ margin: 0, paddingInlineStart: 0, listStyle: 'none', maxWidth: 320 }}
    >
      {problems.map(({ name, errors }) => (
        <li key={name.join('.')}>
          <Button
            type="link"
            danger
            size="small"
            style={{ height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}
            onClick={() => form.scrollToField(name, { block: 'center' })}
          >
            {labelOf(name)}: {errors[0]}
          </Button>
        </li>
      ))}
    </ul>
  );

  return (
    <Form<GoalFormValues>
      form={form}
      name="plan"
      layout="vertical"
      disabled={!editable}
      initialValues={goal ? valuesOf(goal) : NEW_GOAL}
      onFinish={save}
      onFinishFailed={collect}
      onFieldsChange={() => problems.length > 0 && collect()}
    >
      <Flex vertical gap={16}>
        {formError && <Alert type="error" showIcon title={formError} role="alert" />}
        <Panel title={t('goals.plan.goalCard')}>
          <GoalFields goal={goal} columns />
        </Panel>
        <Panel title={t('goals.plan.targetCard')}>
          <Row gutter={24}>
            <Col xs={24} md={12} xl={8}>
              <Form.Item name="status" label={t('goals.field.status')} rules={[{ required: true }]}>
                <Select
                  options={GOAL_STATUSES.map((value) => ({ value, label: t(`goals.status.${value}`) }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item
                name="targetTestId"
                label={t('goals.field.targetTest')}
                extra={t('goals.hint.targetTest')}
              >
                <TestSelect known={goal?.targetTest} placeholder={t('goals.placeholder.targetTest')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item
                name="targetCount"
                label={t('goals.field.targetCount')}
                extra={t('goals.hint.targetCount')}
              >
                <InputNumber min={1} max={GOAL_TARGET_COUNT_MAX} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            {goal && (
              <Col span={24}>
                <Form.Item label={t('goals.field.progress')}>
                  <GoalProgress goal={goal} />
                </Form.Item>
              </Col>
            )}
          </Row>
        </Panel>
        <Panel title={t('goals.plan.milestonesCard')}>
          <MilestoneTable editable={editable} />
        </Panel>
        {editable && (
          <Panel>
            <Flex justify="end" align="center" gap={12} wrap>
              {problems.length > 0 && (
                <Popover
                  title={t('goals.plan.errors')}
                  content={errorList}
                  trigger="click"
                  placement="topRight"
                >
                  <Button type="text" danger icon={<CloseCircleOutlined />}>
                    {t('goals.plan.errorCount', { count: problems.length })}
                  </Button>
                </Popover>
              )}
              <Button type="primary" htmlType="submit" loading={saving}>
                {t('goals.action.submit')}
              </Button>
            </Flex>
          </Panel>
        )}
      </Flex>
    </Form>
  );
}
