import type { SignInOptions } from '@cool/shared';
import { useEffect, useState } from 'react';
import { signInOptions } from '../../../shared/api/identity.ts';

let asked: Promise<SignInOptions> | undefined;

/**
 * What the sign-in pages offer (the sign-up link; whether codes and links go to the development outbox), asked
 * once per page load. Undefined until it answers, and when it fails (the pages then offer the plain form).
 */
export function useSignInOptions(): SignInOptions | undefined {
  const [options, setOptions] = useState<SignInOptions>();
  useEffect(() => {
    let current = true;
    asked ??= signInOptions();
    asked.then(
      (answer) => current && setOptions(answer),
      () => {
        asked = undefined;
      },
    );
    return () => {
      current = false;
    };
  }, []);
  return options;
}
