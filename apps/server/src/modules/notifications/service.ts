/**
 * Staff notifications: a mail to every enabled account that opted in to an event (account
 * settings, New message notification) and whose role may see what it is about. Sent by a pg-boss job, so
 * the request that raised the event does not wait and a failed send is retried.
 */
import {
  type Action,
  type BandColour,
  DEFAULT_LANGUAGE,
  type Grants,
  grantsAllow,
  type Language,
  type PermissionId,
  type StaffEvent,
} from '@cool/shared';
import { type ServiceContext, SYSTEM_ACTOR } from '../../db/tx.ts';
import { jobQueue, runLater } from '../../jobs/background.ts';
import { defineJob } from '../../jobs/jobs.ts';
import { deliver } from '../messaging/delivery.ts';
import { optedInStaff } from './repository.ts';

export type { StaffEvent };
export type EventParams = Record<string, string | number>;

/** What a person must be allowed to do to hear of each event: the same as to open it in the console. */
const NEEDS: Record<StaffEvent, { permission: PermissionId; action: Action }> = {
  alert: { permission: 'alerts', action: 'query' },
  refund: { permission: 'orders', action: 'query' },
  signUp: { permission: 'accounts', action: 'edit' },
};

const SEVERITY_ZH: Record<BandColour, string> = {
  normal: '一般',
  mild: '轻度',
  moderate: '中度',
  severe: '重度',
};

/** How a refund ended without the money going back (WeChat Pay's statuses), in words. */
const REFUND_ENDED: Record<Language, Record<string, string>> = {
  'en-US': { closed: 'was closed', abnormal: 'went abnormal', failed: 'failed' },
  'zh-CN': { closed: '已关闭', abnormal: '异常', failed: '失败' },
};
const refundEnded = (language: Language, outcome: unknown) =>
  REFUND_ENDED[language][String(outcome)] ?? String(outcome);

const TEXTS: Record<Language, Record<StaffEvent, (p: EventParams) => { subject: string; text: string }>> = {
  'en-US': {
    alert: (p) => ({
      subject: 'New alert on a test record',
      text: `Test record #${p.recordId} raised a new ${p.severity} alert. Open Alerts in the console to follow it up.`,
    }),
    refund: (p) =>
      p.outcome === 'success'
        ? {
            subject: `Refund made: order ${p.orderNo}`,
            text: `¥${p.amountYuan} of order ${p.orderNo} was refunded.`,
          }
        : {
            subject: `Refund failed: order ${p.orderNo}`,
            text: `The refund of ¥${p.amountYuan} of order ${p.orderNo} ${refundEnded('en-US', p.outcome)}: no money went back. Open Payment orders in the console.`,
          },
    signUp: (p) => ({
      subject: 'A sign-up awaits approval',
      text: `${p.username} (${p.email}) activated their account and awaits approval. Open Staff accounts in the console to give them a role.`,
    }),
  },
  'zh-CN': {
    alert: (p) => ({
      subject: '测评记录产生新预警',
      text: `测评记录 #${p.recordId} 产生了新的${SEVERITY_ZH[p.severity as BandColour] ?? p.severity}预警，请在控制台的预警中跟进。`,
    }),
    refund: (p) =>
      p.outcome === 'success'
        ? { subject: `退款成功：订单 ${p.orderNo}`, text: `订单 ${p.orderNo} 已退款 ¥${p.amountYuan}。` }
        : {
            subject: `退款失败：订单 ${p.orderNo}`,
            text: `订单 ${p.orderNo} 的 ¥${p.amountYuan} 退款未成功（${refundEnded('zh-CN', p.outcome)}），款项未退回。请在控制台的支付订单中查看。`,
          },
    signUp: (p) => ({
      subject: '有新注册待审批',
      text: `${p.username}（${p.email}）已激活账号，等待审批。请在控制台的员工账号中为其分配角色。`,
    }),
  },
};

/**
 * Mails everyone who should hear of the event (of `only` those addresses, when given: a retry); answers the
 * addresses whose mail did not go.
 */
export async function sendStaffNotifications(
  ctx: ServiceContext,
  event: StaffEvent,
  params: EventParams,
  only?: readonly string[],
): Promise<string[]> {
  const { permission, action } = NEEDS[event];
  const recipients = (await optedInStaff(ctx.db, event)).filter(
    (r) => grantsAllow(r.grants as Grants, permission, action) && (!only || only.includes(r.email!)),
  );
  const failed: string[] = [];
  for (const recipient of recipients) {
    const language: Language = recipient.language === 'zh-CN' ? 'zh-CN' : DEFAULT_LANGUAGE;
    const { subject, text } = TEXTS[language][event](params);
    try {
      await deliver(ctx, { channel: 'email', to: recipient.email!, kind: 'notification', subject, text });
    } catch (error) {
      failed.push(recipient.email!);
      ctx.log?.warn({ err: error, event }, 'staff notification not sent');
    }
  }
  return failed;
}

/** Times a mail that did not go is tried again, and the wait before each, in seconds. */
export const NOTIFICATION_RETRIES = [60, 300, 1800] as const;

export const notifyStaffJob = defineJob<{
  event: StaffEvent;
  params: EventParams;
  /** A retry: only these addresses (the others have their mail), on its `attempt`. */
  only?: string[];
  attempt?: number;
}>({
  name: 'notify-staff',
  // A failure before any mail went (the database, say): the whole job again.
  retryLimit: 3,
  async run({ event, params, only, attempt = 0 }, { database, log, smtpAllowPrivate }) {
    const failed = await sendStaffNotifications(
      { db: database.db, actor: SYSTEM_ACTOR, log, smtpAllowPrivate },
      event,
      params,
      only,
    );
    if (failed.length === 0) return;
    const wait = NOTIFICATION_RETRIES[attempt];
    const queue = jobQueue();
    if (wait === undefined || !queue) {
      log.error({ event, count: failed.length }, 'staff notifications given up');
      return;
    }
    await queue.send(
      notifyStaffJob,
      { event, params, only: failed, attempt: attempt + 1 },
      { startAfter: wait },
    );
  },
});

/**
 * Tells the staff who opted in to `event` (and may see it). Never throws into the caller and never waits
 * for the mail; call it after the change has committed.
 */
export async function notifyStaff(
  ctx: ServiceContext,
  event: StaffEvent,
  params: EventParams,
): Promise<void> {
  // Without a queue (tests, scripts) a mail that did not go is only logged (by the send).
  await runLater(ctx, notifyStaffJob, { event, params }, () =>
    sendStaffNotifications({ ...ctx, actor: SYSTEM_ACTOR }, event, params),
  );
}
