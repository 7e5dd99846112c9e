import { Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BackHomeButton } from './BackHomeButton.tsx';

export { BackHomeButton };

interface ExceptionResultProps {
  status: '403' | '404' | '500';
  /** Defaults to the status code, as the template's exception pages show it. */
  title?: ReactNode;
  /** Defaults to the status's standard sentence. */
  subTitle?: ReactNode;
  /** Defaults to a 'Back Home' button. */
  extra?: ReactNode;
}

/** Exception pages 403, 404 and 500 (docs/spec.md section 8), also shown in place of a page's content. */
export function ExceptionResult({ status, title = status, subTitle, extra }: ExceptionResultProps) {
  const { t } = useTranslation();
  return (
    <Result
      status={status}
      title={title}
      subTitle={subTitle ?? t(`ui.exception.${status}`)}
      extra={extra ?? <BackHomeButton />}
    />
  );
}
