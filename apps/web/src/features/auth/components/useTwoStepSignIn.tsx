import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../shared/http/client.ts';
import { errorText } from '../../../shared/http/errorText.ts';

const TwoStepPrompt = lazy(() => import('./TwoStepPrompt.tsx'));

/**
 * Signing in with a second factor: the server asks for the code (`twoStep.codeRequired`) once the password
 * checks out, never before, so no one learns which accounts have one; a refused code asks again with the
 * reason. `prompt` is the dialog to render while a code is wanted.
 */
export function useTwoStepSignIn() {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<{ verifying: boolean; error?: string } | null>(null);
  const answer = useRef<(code: string | null) => void>(() => undefined);

  const askCode = (error?: string) =>
    new Promise<string | null>((resolve) => {
      answer.current = resolve;
      setAsking({ verifying: false, ...(error && { error }) });
    });

  /** Resolves with the attempt's result, or null when the person cancelled the code. */
  async function signIn<T>(attempt: (twoStepCode: string | undefined) => Promise<T>): Promise<T | null> {
    let code: string | null | undefined;
    for (;;) {
      try {
        const result = await attempt(code ?? undefined);
        setAsking(null);
        return result;
      } catch (error) {
        const reason = errorCodeOf(error);
        if (reason !== 'twoStep.codeRequired' && reason !== 'twoStep.codeInvalid') {
          setAsking(null);
          throw error;
        }
        code = await askCode(reason === 'twoStep.codeInvalid' ? errorText(error, t) : undefined);
        if (code === null) return null;
      }
    }
  }

  const prompt = asking && (
    <Suspense fallback={null}>
      <TwoStepPrompt
        verifying={asking.verifying}
        error={asking.error}
        onSubmit={(code) => {
          setAsking({ verifying: true });
          answer.current(code);
        }}
        onCancel={() => {
          setAsking(null);
          answer.current(null);
        }}
      />
    </Suspense>
  );

  return { signIn, prompt };
}
