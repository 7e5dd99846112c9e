import { type LocalizedText, localized } from '@cool/shared';
import type { TextLanguage } from '../../shared/i18n/contentText.ts';

/** Where the lists lead: the test's questions, and the tests screen filtered to the test, where it is edited. */
export const questionsPath = (testId: number) => `/qtable?testId=${testId}`;

export const editPath = (test: { title: LocalizedText }, language: TextLanguage) =>
  `/game?${new URLSearchParams({ title: localized(test.title, language) })}`;

export const recordsPath = (testId: number) => `/records?testId=${testId}`;

export const participantProfilePath = (participantId: number) => `/profile/advanced?id=${participantId}`;

/** Submitted out of started, as a whole percentage; 0 before any record. */
export const completionPercent = (submitted: number, started: number) =>
  started === 0 ? 0 : Math.round((submitted / started) * 100);
