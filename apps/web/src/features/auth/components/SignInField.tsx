import { theme } from 'antd';
import { cloneElement, type ReactElement } from 'react';

interface SignInFieldProps {
  id: string;
  /** What is wrong with the value, shown under the field. */
  error?: string;
  /** The control (antd's Input or Password), given the id, its error state and the error's description. */
  children: ReactElement<Record<string, unknown>>;
}

/**
 * One field of the login page's first tab, laid out as antd's Form.Item shows it (its message under it, in the
 * error colour, where the item's bottom margin was) without antd's Form: that is 20 KiB gzip of the console's
 * first download, for two fields.
 */
export function SignInField({ id, error, children }: SignInFieldProps) {
  const { token } = theme.useToken();
  const help = `${id}_help`;
  return (
    <div style={{ marginBottom: error ? 0 : token.marginLG }}>
      {cloneElement(children, {
        id,
        status: error ? 'error' : undefined,
        'aria-required': true,
        'aria-invalid': Boolean(error),
        'aria-describedby': error ? help : undefined,
      })}
      {error && (
        <div
          id={help}
          role="alert"
          style={{ minHeight: token.controlHeightSM, color: token.colorError, lineHeight: token.lineHeight }}
        >
          {error}
        </div>
      )}
    </div>
  );
}
