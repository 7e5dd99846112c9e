import type {
  AccountCreate,
  AccountListQuery,
  AccountUpdate,
  accountSchema,
  passwordResetSchema,
  signInEntrySchema,
} from '@cool/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, typed, typedPage } from '../http/client.ts';

/** The staff account endpoints, typed from their response schemas (the /system/accounts screen). */

const accountPageSchema = typedPage<typeof accountSchema>();
const signInPageSchema = typedPage<typeof signInEntrySchema>();

export const accountKeys = {
  all: ['accounts'] as const,
  list: (query: AccountListQuery) => [...accountKeys.all, 'list', query] as const,
  signIns: (id: number, pageNo: number) => [...accountKeys.all, 'sign-ins', id, pageNo] as const,
};

export const SIGN_IN_PAGE_SIZE = 10;

export const accountQueries = {
  list: (query: AccountListQuery) =>
    queryOptions({
      queryKey: accountKeys.list(query),
      queryFn: () => api.get('/accounts', accountPageSchema, { params: query }),
      placeholderData: keepPreviousData,
    }),
  signIns: (id: number, pageNo: number) =>
    queryOptions({
      queryKey: accountKeys.signIns(id, pageNo),
      queryFn: () =>
        api.get(`/accounts/${id}/sign-ins`, signInPageSchema, {
          params: { pageNo, pageSize: SIGN_IN_PAGE_SIZE },
        }),
      placeholderData: keepPreviousData,
    }),
};

export const createAccount = (input: AccountCreate) =>
  api.post('/accounts', typed<typeof accountSchema>(), input);

export const updateAccount = ({ id, input }: { id: number; input: AccountUpdate }) =>
  api.put(`/accounts/${id}`, typed<typeof accountSchema>(), input);

export const deleteAccount = (id: number) => api.delete(`/accounts/${id}`, null);

export const setAccountEnabled = ({ id, enabled }: { id: number; enabled: boolean }) =>
  api.post(`/accounts/${id}/${enabled ? 'enable' : 'disable'}`, typed<typeof accountSchema>());

export const approveAccount = ({ id, roleId }: { id: number; roleId: string }) =>
  api.post(`/accounts/${id}/approve`, typed<typeof accountSchema>(), { roleId });

export const resendInvitation = (id: number) =>
  api.post(`/accounts/${id}/invitation`, typed<typeof accountSchema>());

export const resetPassword = (id: number) =>
  api.post(`/accounts/${id}/reset-password`, typed<typeof passwordResetSchema>());

export const revokeSessions = (id: number) => api.post(`/accounts/${id}/revoke-sessions`, null);
