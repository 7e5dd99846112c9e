/** Stub: the two-step helper builds it (issue 11); the Security section of account settings renders it. */
export function TwoStepSetup() {
  return null;
}
