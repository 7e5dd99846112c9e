import { ExceptionResult } from '../../shared/ui/ExceptionResult.tsx';

/** The exception pages of docs/spec.md section 8 (/404, /exception/403, /exception/500). */
export default function ExceptionPage({ status }: { status: '403' | '404' | '500' }) {
  return <ExceptionResult status={status} />;
}
