import { ExceptionResult } from '../../shared/ui/ExceptionResult.tsx';

/** SPEC 8 exception pages (/404, /exception/403, /exception/500). */
export default function ExceptionPage({ status }: { status: '403' | '404' | '500' }) {
  return <ExceptionResult status={status} />;
}
