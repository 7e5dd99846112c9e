import type { Test } from '@cool/shared';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/** The questions page of a test. */
export const questionsPath = (test: Pick<Test, 'id'>) => `/qtable?testId=${test.id}`;

/**
 * Opens a test's questions. The single place to swap when the multi-tab API arrives (a new tab renamed to the
 * test's title); for now it navigates.
 */
export function useOpenQuestions(): (test: Pick<Test, 'id' | 'title'>) => void {
  const navigate = useNavigate();
  return useCallback((test) => navigate(questionsPath(test)), [navigate]);
}
