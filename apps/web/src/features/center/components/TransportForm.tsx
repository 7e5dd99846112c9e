import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Divider, Flex, Form, type FormInstance, type FormProps } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/http/errorText.ts';
import { useNotices } from '../../../shared/ui/notices.ts';
import { MessageTest, type MessageTestProps } from './MessageTest.tsx';
import { showServerErrors } from './serverErrors.ts';

interface SaveTransport<Input, Settings> {
  mutationFn: (input: Input) => Promise<Settings>;
  /** The settings' query, given what the server saved. */
  queryKey: QueryKey;
  /** The write-only secrets' fields, emptied once saved. */
  secrets: NamePath[];
}

/** Saves a way messages go out (mail, SMS): refused fields under themselves, the secrets emptied once saved. */
export function useSaveTransport<Input, Settings>(
  form: FormInstance,
  { mutationFn, queryKey, secrets }: SaveTransport<Input, Settings>,
) {
  const { t } = useTranslation();
  const { message } = useNotices();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn,
    onSuccess: (saved) => queryClient.setQueryData(queryKey, saved),
  });
  const save = async (input: Input) => {
    try {
      await mutation.mutateAsync(input);
    } catch (error) {
      showServerErrors(form, error, t);
      message.error(errorText(error, t));
      return;
    }
    for (const name of secrets) form.setFieldValue(name, undefined);
    message.success(t('center.saved'));
  };
  return { save, saving: mutation.isPending };
}

interface TransportFormProps<Values>
  extends Pick<FormProps<Values>, 'initialValues' | 'onFinish' | 'preserve'> {
  form: FormInstance<Values>;
  /** Saved settings are complete: messages go out this way, and a test can. */
  configured: boolean;
  /** Says whether messages go out this way or stay in the outbox. */
  status: ReactNode;
  editable: boolean;
  saving: boolean;
  /** The send-a-test recipient field. */
  test: Omit<MessageTestProps, 'configured'>;
  children: ReactNode;
}

/** A way messages go out: whether it is set up, its settings with a save button, and send-a-test. */
export function TransportForm<Values>({
  form,
  configured,
  status,
  editable,
  saving,
  test,
  children,
  ...formProps
}: TransportFormProps<Values>) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={16} style={{ maxWidth: 560 }}>
      <Alert showIcon type={configured ? 'success' : 'info'} title={status} />
      <Form form={form} layout="vertical" disabled={!editable} {...formProps}>
        {children}
        {editable && (
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('center.save')}
          </Button>
        )}
      </Form>
      {editable && (
        <>
          <Divider style={{ margin: 0 }} />
          <MessageTest configured={configured} {...test} />
        </>
      )}
    </Flex>
  );
}
