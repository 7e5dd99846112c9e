import type { RoleCreate, RoleUpdate, roleSchema } from '@cool/shared';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, typed } from '../http/client.ts';

/** The role endpoints: the /system/roles screen and the staff screen's role pickers. */

export const roleKeys = { all: ['roles'] as const };

export const roleQueries = {
  list: () =>
    queryOptions({
      queryKey: roleKeys.all,
      queryFn: () => api.get('/roles', typed<z.ZodArray<typeof roleSchema>>()),
    }),
};

export const createRole = (input: RoleCreate) => api.post('/roles', typed<typeof roleSchema>(), input);

export const updateRole = ({ id, input }: { id: string; input: RoleUpdate }) =>
  api.put(`/roles/${encodeURIComponent(id)}`, typed<typeof roleSchema>(), input);

export const deleteRole = (id: string) => api.delete(`/roles/${encodeURIComponent(id)}`, null);
