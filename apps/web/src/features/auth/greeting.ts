export type GreetingKey = 'morning' | 'forenoon' | 'noon' | 'afternoon' | 'evening';

/** SPEC 9: before 9 morning; 9-11 forenoon; 12-13 noon; 14-19 afternoon; otherwise evening. */
export function greetingForHour(hour: number): GreetingKey {
  if (hour < 9) return 'morning';
  if (hour <= 11) return 'forenoon';
  if (hour <= 13) return 'noon';
  if (hour <= 19) return 'afternoon';
  return 'evening';
}

export const WELCOME_PHRASES = ['rest', 'meal', 'game', 'tired'] as const;
export type WelcomePhrase = (typeof WELCOME_PHRASES)[number];

/** SPEC 9: one of 4 phrases at random; `random` is injectable so the choice is testable. */
export function pickWelcomePhrase(random: () => number = Math.random): WelcomePhrase {
  const index = Math.min(Math.floor(random() * WELCOME_PHRASES.length), WELCOME_PHRASES.length - 1);
  return WELCOME_PHRASES[Math.max(index, 0)]!;
}
