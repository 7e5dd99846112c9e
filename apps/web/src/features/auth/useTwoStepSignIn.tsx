import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { twoStepCode } from '../../shared/api/twoStep.ts';
import { ApiError } from '../../shared/http/client.ts';
import { errorText } from '../../shared/http/errorText.ts';

const TwoStepPrompt = lazy(() => import('./TwoStepPrompt.tsx'));

const errorCode = (error: unknown) =>
  error instanceof ApiError ? (error.result as { error?: unknown } | null)?.error : undefined;

/**
 * Signing in with a second factor: asks `/auth/2step-code` first (the template's behaviour), and also answers
 * the server's `twoStep.codeRequired`; a refused code asks again with the reason. `prompt` is the dialog to
 * render while a code is wanted.
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

  const ask = (username: string) => twoStepCode(username).catch(() => null);
  const ahead = useRef<{ username: string; asked: ReturnType<typeof ask> } | null>(null);

  /**
   * Asks for `username` as soon as the person moves on to the password, so the sign-in itself waits for one
   * round trip instead of two. Used by the next `signIn` for the same name, once.
   */
  const askAhead = (username: unknown) => {
    const name = typeof username === 'string' ? username.trim() : '';
    if (name && ahead.current?.username !== name) ahead.current = { username: name, asked: ask(name) };
  };

  /** Resolves with the attempt's result, or null when the person cancelled the code. */
  async function signIn<T>(
    username: string | null,
    attempt: (twoStepCode: string | undefined) => Promise<T>,
  ): Promise<T | null> {
    let code: string | null | undefined;
    const known = ahead.current;
    ahead.current = null;
    const asked = username ? await (known?.username === username ? known.asked : ask(username)) : null;
    if (asked?.stepCode === 1) {
      code = await askCode();
      if (code === null) return null;
    }
    for (;;) {
      try {
        const result = await attempt(code ?? undefined);
        setAsking(null);
        return result;
      } catch (error) {
        const reason = errorCode(error);
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

  return { signIn, askAhead, prompt };
}
