import { PlusOutlined } from '@ant-design/icons';
import { type Account, accountListQuerySchema } from '@cool/shared';
import { Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  deleteAccount,
  resendInvitation,
  resetPassword,
  revokeSessions,
  setAccountEnabled,
} from '../../shared/api/accounts.ts';
import { errorText } from '../../shared/http/errorText.ts';
import { useListState } from '../../shared/list/useListState.ts';
import { Authorized } from '../../shared/permissions/Authorized.tsx';
import { useDialog } from '../../shared/ui/dialog.tsx';
import { useNotices } from '../../shared/ui/notices.ts';
import { PageContainer } from '../../shared/ui/PageContainer.tsx';
import { Panel } from '../../shared/ui/Panel.tsx';
import { QueryContent } from '../../shared/ui/QueryErrorState.tsx';
import { useAccountAction, useAccountList } from './api.ts';
import { AccountForm, ApproveForm } from './components/AccountForm.tsx';
import { AccountSearchForm } from './components/AccountSearchForm.tsx';
import { type AccountAction, AccountTable } from './components/AccountTable.tsx';
import { SignInDrawer } from './components/SignInDrawer.tsx';

/** Actions that ask first: they lock someone out or cannot be undone. */
const CONFIRMED = ['disable', 'resetPassword', 'revokeSessions', 'delete'] as const;
type Confirmed = (typeof CONFIRMED)[number];

export default function StaffPage() {
  const { t } = useTranslation();
  const { message, modal } = useNotices();
  const listState = useListState(accountListQuerySchema);
  const list = useAccountList(listState.query);
  const [dialog, dialogHolder] = useDialog();
  const [signInsOf, setSignInsOf] = useState<Account | null>(null);

  const enabled = useAccountAction(setAccountEnabled);
  const reset = useAccountAction(resetPassword);
  const revoke = useAccountAction(revokeSessions);
  const remove = useAccountAction(deleteAccount);
  const resend = useAccountAction(resendInvitation);

  const openForm = (account: Account | null) =>
    dialog.open(<AccountForm account={account} />, {
      title: account ? t('staff.editTitle', { username: account.username }) : t('staff.createTitle'),
      destroyOnHidden: true,
    });

  /** Runs the change and says how it went; a refusal (say, the last administrator) is shown as the server words it. */
  const run = async (change: () => Promise<unknown>, done?: string) => {
    try {
      await change();
      if (done) message.success(done);
    } catch (error) {
      message.error(errorText(error, t));
    }
  };

  const showTemporary = (account: Account, password: string) =>
    modal.info({
      title: t('staff.temporaryTitle'),
      content: (
        <>
          <p>{t('staff.temporaryHelp', { username: account.username })}</p>
          <Typography.Paragraph copyable code style={{ fontSize: 16 }}>
            {password}
          </Typography.Paragraph>
        </>
      ),
    });

  const carryOut = async (
    account: Account,
    action: Exclude<AccountAction, 'edit' | 'signIns' | 'approve'>,
  ) => {
    switch (action) {
      case 'enable':
      case 'disable':
        return run(
          () => enabled.mutateAsync({ id: account.id, enabled: action === 'enable' }),
          t(`staff.done.${action}`),
        );
      case 'resetPassword':
        return run(async () => {
          const result = await reset.mutateAsync(account.id);
          if (result.password) showTemporary(account, result.password);
          else message.success(t('staff.done.resetLink'));
        });
      case 'revokeSessions':
        return run(() => revoke.mutateAsync(account.id), t('staff.done.revokeSessions'));
      case 'resendInvitation':
        return run(() => resend.mutateAsync(account.id), t('staff.done.resendInvitation'));
      case 'delete':
        return run(() => remove.mutateAsync(account.id), t('staff.done.delete'));
    }
  };

  const onAction = (account: Account, action: AccountAction) => {
    if (action === 'edit') return openForm(account);
    if (action === 'signIns') return setSignInsOf(account);
    if (action === 'approve') {
      return dialog.open(<ApproveForm account={account} />, {
        title: t('staff.approveTitle', { username: account.username }),
        destroyOnHidden: true,
      });
    }
    if ((CONFIRMED as readonly string[]).includes(action)) {
      return modal.confirm({
        title: t(`staff.action.${action}`),
        content: t(`staff.confirm.${action as Confirmed}`, { username: account.username }),
        okButtonProps: { danger: action !== 'resetPassword' },
        onOk: () => carryOut(account, action),
      });
    }
    return void carryOut(account, action);
  };

  return (
    <PageContainer title={t('menu.staffAccounts')} content={t('staff.description')}>
      <Panel>
        <AccountSearchForm filters={listState.filters} onSearch={listState.search} />
      </Panel>
      <Panel title={t('staff.listTitle')} bodyStyle={{ overflow: 'hidden' }}>
        <Flex vertical gap={16}>
          <Authorized permission="accounts" action="add">
            <Flex justify="end">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
                {t('staff.new')}
              </Button>
            </Flex>
          </Authorized>
          <QueryContent query={list} errorTitle={t('staff.loadFailed')}>
            <AccountTable page={list.data} loading={list.isFetching} list={listState} onAction={onAction} />
          </QueryContent>
        </Flex>
      </Panel>
      {signInsOf && <SignInDrawer account={signInsOf} onClose={() => setSignInsOf(null)} />}
      {dialogHolder}
    </PageContainer>
  );
}
