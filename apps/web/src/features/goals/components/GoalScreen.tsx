import type { Goal } from '@cool/shared';
import type { FormInstance } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorText } from '../../../shared/http/errorText.ts';
import { applyFieldErrors } from '../../../shared/http/formErrors.ts';
import { usePermission } from '../../../shared/permissions/usePermission.ts';
import { ExceptionResult } from '../../../shared/ui/ExceptionResult.tsx';
import { PageLoading } from '../../../shared/ui/PageLoading.tsx';
import { QueryErrorState } from '../../../shared/ui/QueryErrorState.tsx';
import { useGoal, useSaveGoal } from '../api.ts';
import { formFieldOf, type GoalFormValues, goalIdOf, inputOf } from '../goalForm.ts';

interface GoalScreenProps {
  /** The form of the goal in `?id=` (loaded), or of a new goal; `editable` when the role may save it. */
  children: (goal: Goal | undefined, editable: boolean) => ReactNode;
}

/**
 * The goal a form route names (`?id=12` edits goal 12 in its own tab, none creates one): its loading and error
 * states, then the form. Keyed by the id, so another goal starts from a fresh form.
 */
export function GoalScreen({ children }: GoalScreenProps) {
  const { t } = useTranslation();
  const id = goalIdOf(useSearchParams()[0].get('id'));
  const allowed = usePermission();
  // Opening a goal needs `get`, which a role may lack while it may list goals: no call that can only be refused.
  const mayOpen = allowed('goals', 'get');
  const goal = useGoal(mayOpen ? id : null);
  const editable = allowed('goals', id === null ? 'add' : 'edit');
  if (id === null) return children(undefined, editable);
  if (!mayOpen) return <ExceptionResult status="403" />;
  if (goal.isError)
    return (
      <QueryErrorState
        error={goal.error}
        title={t('goals.loadFailed')}
        onRetry={() => goal.refetch()}
        retrying={goal.isFetching}
      />
    );
  if (!goal.data) return <PageLoading />;
  return children(goal.data, editable);
}

/**
 * Saves the form's goal (the plan's fields too when `withPlan`): the server's field errors go onto their fields,
 * any other refusal into `formError`. Resolves with the saved goal, or null when it was not saved.
 */
export function useGoalSubmit(form: FormInstance<GoalFormValues>, goal: Goal | undefined, withPlan: boolean) {
  const { t } = useTranslation();
  const save = useSaveGoal();
  const [formError, setFormError] = useState<string | null>(null);
  const submit = async (values: GoalFormValues): Promise<Goal | null> => {
    setFormError(null);
    try {
      return await save.mutateAsync({ id: goal?.id ?? null, input: inputOf(values, withPlan) });
    } catch (error) {
      if (!applyFieldErrors(form, error, formFieldOf)) setFormError(errorText(error, t));
      return null;
    }
  };
  return { submit, saving: save.isPending, formError };
}
