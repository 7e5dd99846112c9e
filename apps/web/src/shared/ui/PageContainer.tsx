import { HomeOutlined } from '@ant-design/icons';
import { HOME_PATH } from '@cool/shared';
import { Flex, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { menuKey } from '../i18n/menu.ts';
import { routeTrailAt } from '../routes/routes.ts';
import { Breadcrumb } from './Breadcrumb.tsx';

interface PageContainerProps {
  title: ReactNode;
  /** A description under the title. */
  content?: ReactNode;
  /** Buttons at the header's right (below the title on a phone). */
  extra?: ReactNode;
  /** Path of the menu page this one belongs to when it has none of its own, e.g. a test's questions. */
  section?: string;
  children: ReactNode;
}

/**
 * docs/spec.md section 2, layout 4: the page header (breadcrumb Home / parents or section / page, title,
 * description, buttons) above the page's content. The breadcrumb follows the route registry and ends with the
 * page's heading.
 */
export function PageContainer({ title, content, extra, section, children }: PageContainerProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { pathname } = useLocation();
  // A page outside the menu names the menu page it belongs to; others sit under their registry parents.
  const parents = section ? routeTrailAt(section) : routeTrailAt(pathname).slice(0, -1);

  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }}>
      <Flex vertical gap={8} component="header">
        <Breadcrumb
          label={t('ui.breadcrumb.label')}
          items={[
            {
              key: 'home',
              title: (
                <Link to={HOME_PATH}>
                  <HomeOutlined /> <span>{t('ui.breadcrumb.home')}</span>
                </Link>
              ),
            },
            ...parents.map((parent) => {
              const label = t(menuKey(parent.name ?? ''));
              return { key: parent.path, title: parent.page ? <Link to={parent.path}>{label}</Link> : label };
            }),
            {
              key: 'page',
              // The page's own heading: a test's questions end with the test's title, not the route's.
              title,
            },
          ]}
        />
        <Flex align="center" justify="space-between" gap={12} wrap>
          {/* antd's Title and Paragraph look, without Typography's code (copy, edit, ellipsis): every page has one. */}
          <h4
            style={{
              margin: 0,
              minWidth: 0,
              overflowWrap: 'anywhere',
              wordBreak: 'break-word',
              color: token.colorTextHeading,
              fontWeight: token.fontWeightStrong,
              fontSize: token.fontSizeHeading4,
              lineHeight: token.lineHeightHeading4,
            }}
          >
            {title}
          </h4>
          {extra}
        </Flex>
        {content && (
          <div
            style={{
              margin: 0,
              wordBreak: 'break-word',
              color: token.colorTextDescription,
              lineHeight: token.lineHeight,
            }}
          >
            {content}
          </div>
        )}
      </Flex>
      {children}
    </Flex>
  );
}
