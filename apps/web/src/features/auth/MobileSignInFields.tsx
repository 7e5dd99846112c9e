import { MobileCodeFields } from './MobileCodeFields.tsx';
import { OutboxNotice } from './OutboxNotice.tsx';

/** The login page's mobile tab: where codes go while SMS is not set up, then the phone number and its code. */
export default function MobileSignInFields({ onError }: { onError: (error: unknown) => void }) {
  return (
    <>
      <OutboxNotice channels={['sms']} />
      <MobileCodeFields purpose="signIn" onError={onError} />
    </>
  );
}
