/** Stub: the third-party sign-in helper builds it (issue 11); account settings renders it as its Binding section. */
export function AccountBinding() {
  return null;
}
