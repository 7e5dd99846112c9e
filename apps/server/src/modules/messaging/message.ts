/** A message as the service hands it to a channel, and the way out a channel is configured with. */
import type { MessageChannel, MessageKind } from '@cool/shared';

export type Channel = MessageChannel;
export type { MessageKind };

/** An SMS goes out as a provider template and its parameters; `text` is what it reads as, for the outbox. */
export type SmsTemplate = 'code' | 'notification';

export interface OutgoingMessage {
  channel: Channel;
  /** An email address, or a phone number (digits, optional leading +). */
  to: string;
  kind: MessageKind;
  /** Mail only. */
  subject?: string;
  /** The subject as a sent or failed mail is recorded, when `subject` carries a secret (a code). */
  recordedSubject?: string;
  text: string;
  /** Mail only. */
  html?: string;
  /** SMS only: the provider template and its parameters. */
  sms?: { template: SmsTemplate; params: Record<string, string> };
}

/** A configured way out for one channel. */
export interface Transport {
  /** `smtp`, `aliyun`, `tencent`. */
  name: string;
  send(message: OutgoingMessage): Promise<void>;
}
