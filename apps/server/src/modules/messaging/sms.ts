/**
 * SMS by Alibaba Cloud or Tencent Cloud, behind one transport: a message names our template (`code`,
 * `notification`) and its parameters; the saved settings map it to the provider's template. A provider's
 * refusal is answered as 502 `sms.providerFailed` with its code and message (never the keys).
 */
import { HttpError } from '../../http/reply.ts';
import { sendAliyunSms } from '../../integrations/sms/aliyun.ts';
import type { SmsSend } from '../../integrations/sms/send.ts';
import { sendTencentSms } from '../../integrations/sms/tencent.ts';
import type { Transport } from './message.ts';
import type { StoredSms } from './stored.ts';

const TIMEOUT_MS = 10_000;

export function smsTransport(
  settings: StoredSms,
  apiBase: { aliyun: string; tencent: string },
): Transport | null {
  const provider = settings.provider;
  if (provider === 'none') return null;
  return {
    name: provider,
    async send(message) {
      if (!message.sms) throw new Error('an SMS needs its template');
      const templates = provider === 'aliyun' ? settings.aliyun.templateCode : settings.tencent.templateId;
      const template = templates[message.sms.template];
      const failed = (code: string, text: string) =>
        new HttpError(502, 'sms.providerFailed', { code, message: text.slice(0, 200) });
      if (!template) throw failed('TemplateNotSet', `no ${message.sms.template} template is set`);
      const send: SmsSend = {
        phone: message.to,
        template,
        params: message.sms.params,
        timeoutMs: TIMEOUT_MS,
        failed,
      };
      try {
        if (provider === 'aliyun') {
          await sendAliyunSms(
            apiBase.aliyun,
            { ...settings.aliyun, accessKeySecret: settings.aliyun.accessKeySecret ?? '' },
            send,
          );
        } else {
          await sendTencentSms(
            apiBase.tencent,
            { ...settings.tencent, secretKey: settings.tencent.secretKey ?? '' },
            send,
          );
        }
      } catch (error) {
        if (error instanceof HttpError) throw error;
        // Unreachable, timed out: the name of the failure, not a stack.
        throw failed((error as Error).name || 'NetworkError', String((error as Error).message));
      }
    },
  };
}
