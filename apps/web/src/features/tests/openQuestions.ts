import { localized, type Test } from '@cool/shared';
import { useCallback } from 'react';
import { useTextLanguage } from '../../shared/i18n/contentText.ts';
import { useTabs } from '../../shared/tabs/index.ts';

/** The questions page of a test. */
export const questionsPath = (test: Pick<Test, 'id'>) => `/qtable?testId=${test.id}`;

/** Opens a test's questions in a tab titled with the test's title in the current language. */
export function useOpenQuestions(): (test: Pick<Test, 'id' | 'title'>) => void {
  const tabs = useTabs();
  const language = useTextLanguage();
  return useCallback(
    (test) => {
      const path = questionsPath(test);
      tabs.open(path);
      tabs.rename(path, localized(test.title, language));
    },
    [tabs, language],
  );
}
