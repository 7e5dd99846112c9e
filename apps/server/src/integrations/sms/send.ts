/** One SMS as a provider client sends it. */
export interface SmsSend {
  phone: string;
  /** The provider's template code or id. */
  template: string;
  params: Record<string, string>;
  timeoutMs: number;
  /** The error to throw for the provider's refusal. */
  failed(code: string, message: string): Error;
}
