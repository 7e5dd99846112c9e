import { formatNumber, type Page } from '@cool/shared';
import { Flex, Pagination } from 'antd';
import { useTranslation } from 'react-i18next';

interface ListPagerProps {
  page: Page<unknown> | undefined;
  pageNo: number;
  pageSize: number;
  onChange: (pageNo: number) => void;
}

/** The page numbers under a list or a grid of cards; nothing while everything fits on one page. */
export function ListPager({ page, pageNo, pageSize, onChange }: ListPagerProps) {
  const { t } = useTranslation();
  if (!page || page.totalCount <= pageSize) return null;
  return (
    <Flex justify="end">
      <Pagination
        size="small"
        current={pageNo}
        pageSize={pageSize}
        total={page.totalCount}
        showSizeChanger={false}
        showTotal={(total) => t('lists.total', { total: formatNumber(total) })}
        onChange={onChange}
      />
    </Flex>
  );
}
