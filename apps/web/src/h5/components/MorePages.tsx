import { Button } from 'antd-mobile';
import { useText } from '../i18n/i18n.ts';

/** Reads the next page of a list on a tap, while the server says there is one. */
export function MorePages({
  more,
  loading,
  fetchMore,
}: {
  more: boolean;
  loading: boolean;
  fetchMore: () => Promise<unknown>;
}) {
  const t = useText();
  if (!more) return null;
  return (
    <div className="h5-more">
      <Button fill="none" color="primary" loading={loading} onClick={() => void fetchMore()}>
        {t('list.more')}
      </Button>
    </div>
  );
}
