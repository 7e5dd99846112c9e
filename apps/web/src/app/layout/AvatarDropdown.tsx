import { LogoutOutlined, SettingOutlined, UserOutlined, WarningOutlined } from '@ant-design/icons';
import { Button, Dropdown, Grid, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../shared/http/errorText.ts';
import { usePermission } from '../../shared/permissions/usePermission.ts';
import { logout } from '../../shared/session/api.ts';
import { useAuthStore } from '../../shared/session/authStore.ts';
import { staffName } from '../../shared/staff/builtInNames.ts';
import { ImageAvatar } from '../../shared/ui/ImageAvatar.tsx';
import { useNotices } from '../../shared/ui/notices.ts';

export function AvatarDropdown() {
  const { t } = useTranslation();
  const { modal, message } = useNotices();
  const navigate = useNavigate();
  const user = useAuthStore((s) => s.user);
  const signOut = useAuthStore((s) => s.signOut);
  // The account menu's Trigger Error (docs/spec.md section 2): the exception trigger page, for whoever may
  // open it.
  const mayTrigger = usePermission()('tests', 'query');
  // A long name must not push the header past a phone's width.
  const nameWidth = Grid.useBreakpoint().md === false ? 96 : 200;

  const confirmLogout = () => {
    modal.confirm({
      title: t('layout.logout.title'),
      content: t('layout.logout.content'),
      okText: t('layout.logout.ok'),
      cancelText: t('layout.logout.cancel'),
      onOk: async () => {
        try {
          await logout();
        } catch (error) {
          // Resolving (not rethrowing) closes the dialog; the user stays signed in and is told why.
          message.error(errorText(error, t));
          return;
        }
        navigate('/user/login', { replace: true });
        // Signing out also empties the cache (ConsoleShell) and the tabs.
        signOut();
      },
    });
  };

  // docs/spec.md section 4: a spinner stands in until the user's name is known.
  if (!user?.name) return <Spin size="small" style={{ marginInline: 12 }} />;

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'center', icon: <UserOutlined />, label: t('menu.accountCenter') },
          { key: 'settings', icon: <SettingOutlined />, label: t('menu.accountSettings') },
          ...(mayTrigger
            ? [{ key: 'trigger', icon: <WarningOutlined />, label: t('layout.triggerError') }]
            : []),
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: t('layout.logout.menu') },
        ],
        onClick: ({ key }) => {
          if (key === 'logout') confirmLogout();
          else if (key === 'trigger') navigate('/exception/trigger');
          else navigate(`/account/${key}`);
        },
      }}
    >
      <Button type="text" aria-label={t('layout.account')} style={{ paddingInline: 8 }}>
        <ImageAvatar size="small" src={user.avatar || undefined} icon={<UserOutlined />} />
        <span
          style={{ maxWidth: nameWidth, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {staffName(t, user)}
        </span>
      </Button>
    </Dropdown>
  );
}
