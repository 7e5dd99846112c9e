/** Stub until its helper builds it (issue 11). */
export default function AccountLinkPage(_props: { kind: 'activate' | 'reset' | 'invite' }) {
  return null;
}
