/** Stub: the third-party sign-in helper builds it (issue 11); the login page renders it under the form. */
export function ThirdPartySignIn() {
  return null;
}
