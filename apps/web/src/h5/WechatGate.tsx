import { type ReactNode, useEffect, useState } from 'react';
import { Loading } from './components/States.tsx';
import { inWechat, signInThroughWechat } from './wechat.ts';

/** Inside WeChat, holds the app back until the OAuth sign-in is done (or found not to apply). */
export function WechatGate({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(() => !inWechat(navigator.userAgent));
  useEffect(() => {
    if (ready) return;
    void signInThroughWechat().then(
      (leaving) => !leaving && setReady(true),
      () => setReady(true),
    );
  }, [ready]);
  return ready ? children : <Loading />;
}
