import { describe, expect, it } from 'vitest';
import {
  advancesOnChoice,
  answersFor,
  canLeave,
  choose,
  isChosen,
  missingRequired,
  progress,
  resumeIndex,
} from './answering.ts';

const option = { label: 'A', text: { zh: '', en: 'x' }, imageUrl: null };
const single = { type: 'single' as const, required: true, options: [option, option, option, option] };
const likert = { ...single, type: 'likert' as const };
const multiple = { type: 'multiple' as const, required: true, options: [option, option, option] };
const optional = { ...single, required: false };

describe('resuming', () => {
  it('opens on the first question for a new record', () => {
    expect(resumeIndex([single, single, single], answersFor([single, single, single], []))).toBe(0);
  });

  it('opens on the first question without an answer after the last answered one', () => {
    expect(resumeIndex([single, single, single, single], [0, 2, null, null])).toBe(2);
    // A skipped optional question is not where the participant comes back to.
    expect(resumeIndex([single, optional, single, single], [0, null, 3, null])).toBe(3);
  });

  it('opens on the last question when every one is answered, and copes with no questions', () => {
    expect(resumeIndex([single, multiple], [1, [0, 2]])).toBe(1);
    expect(resumeIndex([], [])).toBe(0);
  });

  it('treats an empty multiple choice as unanswered', () => {
    expect(resumeIndex([single, multiple, single], [1, [], null])).toBe(1);
  });

  it('pads the saved answers to one per question, and cuts extra ones', () => {
    expect(answersFor([single, single, single], [2])).toEqual([2, null, null]);
    expect(answersFor([single], [1, 2])).toEqual([1]);
  });
});

describe('choosing', () => {
  it('takes one option on a single or likert question, and keeps it on a second tap', () => {
    let answers = choose([single, likert], [null, null], 0, 2);
    expect(answers).toEqual([2, null]);
    answers = choose([single, likert], answers, 0, 2);
    expect(answers).toEqual([2, null]);
    expect(choose([single, likert], answers, 1, 3)).toEqual([2, 3]);
  });

  it('toggles options on a multiple question in option order; none left is null', () => {
    let answers = choose([multiple], [null], 0, 2);
    answers = choose([multiple], answers, 0, 0);
    expect(answers).toEqual([[0, 2]]);
    expect(isChosen(answers[0], 2)).toBe(true);
    expect(isChosen(answers[0], 1)).toBe(false);
    answers = choose([multiple], answers, 0, 0);
    answers = choose([multiple], answers, 0, 2);
    expect(answers).toEqual([null]);
  });

  it('ignores an option the question does not have', () => {
    expect(choose([single], [1], 0, 9)).toEqual([1]);
    expect(choose([single], [1], 3, 0)).toEqual([1]);
  });

  it('moves on by itself after a single or likert choice, not after a multiple one', () => {
    expect(advancesOnChoice(single)).toBe(true);
    expect(advancesOnChoice(likert)).toBe(true);
    expect(advancesOnChoice(multiple)).toBe(false);
  });
});

describe('leaving a question and submitting', () => {
  it('needs an answer to leave a required question, not an optional one', () => {
    expect(canLeave(single, null)).toBe(false);
    expect(canLeave(single, 0)).toBe(true);
    expect(canLeave(multiple, [])).toBe(false);
    expect(canLeave(optional, null)).toBe(true);
    expect(canLeave(undefined, 0)).toBe(false);
  });

  it('names the required questions still unanswered, 1-based', () => {
    expect(missingRequired([single, optional, multiple], [null, null, [1]])).toEqual([1]);
    expect(missingRequired([single, optional], [0, null])).toEqual([]);
  });

  it('counts progress over every question', () => {
    expect(progress([single, single, single, single], [0, [1], null, []])).toEqual({
      answered: 2,
      total: 4,
      percent: 50,
    });
    expect(progress([], []).percent).toBe(0);
  });
});
