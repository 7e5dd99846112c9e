/** Stub until its helper builds it (issue 11). */
export default function RegisterPage() {
  return null;
}
