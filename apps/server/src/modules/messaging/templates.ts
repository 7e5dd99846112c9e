/** The texts of the messages the server sends, in both languages. */
import type { Language } from '@cool/shared';
import type { OutgoingMessage } from './message.ts';

export type CodePurpose = 'sign-in' | 'sign-up' | 'recover' | 'phone' | 'email';

const CODE_KIND = {
  'sign-in': 'sign-in-code',
  'sign-up': 'sign-up-code',
  recover: 'recover-code',
  phone: 'phone-code',
  email: 'email-code',
} as const;

const PURPOSE_TEXT: Record<Language, Record<CodePurpose, string>> = {
  'en-US': {
    'sign-in': 'sign in to Cool Evaluation',
    'sign-up': 'sign up for Cool Evaluation',
    recover: 'reset your Cool Evaluation password',
    phone: 'confirm this phone number',
    email: 'confirm this email address',
  },
  'zh-CN': {
    'sign-in': '登录酷测评',
    'sign-up': '注册酷测评',
    recover: '重置酷测评密码',
    phone: '验证手机号',
    email: '验证邮箱',
  },
};

/** A verification code, by SMS (the provider's `code` template) or mail. */
export function codeMessage(
  channel: 'sms' | 'email',
  to: string,
  purpose: CodePurpose,
  code: string,
  language: Language,
): OutgoingMessage {
  const what = PURPOSE_TEXT[language][purpose];
  const text =
    language === 'zh-CN'
      ? `您正在${what}，验证码 ${code}，5 分钟内有效。如非本人操作，请忽略。`
      : `Your code to ${what} is ${code}. It is valid for 5 minutes. If this was not you, ignore this message.`;
  const kind = CODE_KIND[purpose];
  if (channel === 'sms') return { channel, to, kind, text, sms: { template: 'code', params: { code } } };
  const subject = (shown: string) => (language === 'zh-CN' ? `验证码 ${shown}` : `Your code: ${shown}`);
  return {
    channel,
    to,
    kind,
    subject: subject(code),
    recordedSubject: subject('•'.repeat(code.length)),
    text,
  };
}

export type LinkKind = 'activation' | 'recovery-link' | 'invitation';

const LINK_TEXT: Record<Language, Record<LinkKind, { subject: string; lead: string; valid: string }>> = {
  'en-US': {
    activation: {
      subject: 'Activate your Cool Evaluation account',
      lead: 'Open this link to activate your account:',
      valid: 'The link is valid for 24 hours.',
    },
    'recovery-link': {
      subject: 'Reset your Cool Evaluation password',
      lead: 'Open this link to choose a new password:',
      valid: 'The link is valid for 30 minutes and works once. If you did not ask for it, ignore this mail.',
    },
    invitation: {
      subject: 'You are invited to Cool Evaluation',
      lead: 'An administrator created an account for you. Open this link to choose your password:',
      valid: 'The link is valid for 7 days.',
    },
  },
  'zh-CN': {
    activation: {
      subject: '激活您的酷测评账号',
      lead: '请打开以下链接激活账号：',
      valid: '链接 24 小时内有效。',
    },
    'recovery-link': {
      subject: '重置酷测评密码',
      lead: '请打开以下链接设置新密码：',
      valid: '链接 30 分钟内有效，仅可使用一次。如非本人操作，请忽略此邮件。',
    },
    invitation: {
      subject: '邀请您加入酷测评',
      lead: '管理员为您创建了账号，请打开以下链接设置密码：',
      valid: '链接 7 天内有效。',
    },
  },
};

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A mail carrying a single-use link. */
export function linkMessage(
  to: string,
  kind: LinkKind,
  url: string,
  name: string,
  language: Language,
): OutgoingMessage {
  const { subject, lead, valid } = LINK_TEXT[language][kind];
  const greeting = language === 'zh-CN' ? `${name}，您好：` : `Hello ${name},`;
  return {
    channel: 'email',
    to,
    kind,
    subject,
    text: `${greeting}\n\n${lead}\n${url}\n\n${valid}`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(lead)}<br><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p><p>${escapeHtml(valid)}</p>`,
  };
}

/** "Send a test" in the mail and SMS settings; an SMS test goes out as the code template (000000). */
export function testMessage(
  channel: 'sms' | 'email',
  to: string,
  language: Language = 'en-US',
): OutgoingMessage {
  const zh = language === 'zh-CN';
  const text = zh
    ? '这是酷测评的测试消息：设置正确，消息已能发出。'
    : 'This is a test message from Cool Evaluation: the settings work and messages go out.';
  if (channel === 'sms') {
    return { channel, to, kind: 'test', text, sms: { template: 'code', params: { code: '000000' } } };
  }
  return { channel, to, kind: 'test', subject: zh ? '酷测评测试邮件' : 'Cool Evaluation test mail', text };
}
