/** Stub until its helper builds it (issue 11). */
export default function RolePage() {
  return null;
}
