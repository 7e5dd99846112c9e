/** Stub until its helper builds it (issue 11). */
export default function AccountCenterPage() {
  return null;
}
