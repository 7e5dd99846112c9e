import type { Goal } from '@cool/shared';
import { Alert, Button, Flex, Form, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageContainer } from '../../shared/ui/PageContainer.tsx';
import { Panel } from '../../shared/ui/Panel.tsx';
import { GoalFields } from './components/GoalFields.tsx';
import { GoalScreen, useGoalSubmit } from './components/GoalScreen.tsx';
import { type GoalFormValues, NEW_GOAL, valuesOf } from './goalForm.ts';

/** The template's basic form: a goal's title, days, description, metrics, client, critics, weight, disclosure. */
export default function GoalFormPage() {
  const { t } = useTranslation();
  return (
    <PageContainer title={t('menu.basicForm')} content={t('goals.form.description')}>
      <Panel>
        <GoalScreen>
          {(goal, editable) => <BasicForm key={goal?.id ?? 'new'} goal={goal} editable={editable} />}
        </GoalScreen>
      </Panel>
    </PageContainer>
  );
}

function BasicForm({ goal, editable }: { goal: Goal | undefined; editable: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<GoalFormValues>();
  const { submit, saving, formError } = useGoalSubmit(form, goal, false);
  const [saved, setSaved] = useState<Goal | null>(null);
  const navigate = useNavigate();
  const toPlan = (id: number) => navigate(`/form/advanced-form?id=${id}`);

  if (saved)
    return (
      <Result
        status="success"
        title={t('goals.submitted')}
        subTitle={t('goals.savedAs', { title: saved.title })}
        extra={[
          <Button key="list" type="primary" onClick={() => navigate('/list/table-list')}>
            {t('goals.action.toList')}
          </Button>,
          <Button key="plan" onClick={() => toPlan(saved.id)}>
            {t('goals.action.plan')}
          </Button>,
          // A new goal's form starts again empty; an edited one shows its saved values.
          <Button key="again" onClick={() => setSaved(null)}>
            {t(goal ? 'goals.action.editAgain' : 'goals.action.createAnother')}
          </Button>,
        ]}
      />
    );

  return (
    <Form<GoalFormValues>
      form={form}
      name="goal"
      layout="vertical"
      disabled={!editable}
      initialValues={goal ? valuesOf(goal) : NEW_GOAL}
      onFinish={async (values) => {
        const result = await submit(values);
        if (result) {
          setSaved(result);
          if (!goal) form.resetFields();
        }
      }}
      style={{ maxWidth: 720, marginInline: 'auto' }}
    >
      {formError && (
        <Alert type="error" showIcon title={formError} role="alert" style={{ marginBottom: 16 }} />
      )}
      <GoalFields goal={goal} />
      {editable && (
        <Flex gap={8} wrap>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('goals.action.submit')}
          </Button>
          {goal && <Button onClick={() => toPlan(goal.id)}>{t('goals.action.plan')}</Button>}
        </Flex>
      )}
    </Form>
  );
}
