import {
  idParamsSchema,
  pageSchema,
  recordDetailSchema,
  recordExportQuerySchema,
  recordListQuerySchema,
  recordSchema,
} from '@cool/shared';
import { contextOf } from '../../http/context.ts';
import { sendCsv } from '../../http/csv.ts';
import { fileResponses, ok, responses } from '../../http/reply.ts';
import { sendXlsx, XLSX_TYPE } from '../../http/xlsx.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import * as service from './service.ts';

/** The records screen: every participant's records, for staff. */
export async function recordRoutes(app: ZodApp) {
  const tags = ['records'];

  app.get(
    '/api/records',
    {
      config: { access: { permission: 'records', action: 'query' } },
      schema: { tags, querystring: recordListQuerySchema, response: responses(pageSchema(recordSchema)) },
    },
    async (request) => ok(await service.listRecords(contextOf(request), request.query)),
  );

  app.get(
    '/api/records/export',
    {
      config: { access: { permission: 'records', action: 'export' } },
      schema: {
        tags,
        description: `CSV streams; XLSX is built in memory, so at most ${service.RECORD_XLSX_MAX_ROWS} rows.`,
        querystring: recordExportQuerySchema,
        response: fileResponses('text/csv', XLSX_TYPE),
      },
    },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      const name = `records-${new Date().toISOString().slice(0, 10)}`;
      const rows = service.exportRecords(contextOf(request), filters);
      if (format === 'csv') return sendCsv(reply, `${name}.csv`, service.RECORD_EXPORT_COLUMNS, rows);
      return sendXlsx(reply, name, 'records', service.RECORD_EXPORT_COLUMNS, await service.xlsxRows(rows));
    },
  );

  app.get(
    '/api/records/:id',
    {
      config: { access: { permission: 'records', action: 'get' } },
      schema: { tags, params: idParamsSchema, response: responses(recordDetailSchema) },
    },
    async (request) => ok(await service.getRecord(contextOf(request), request.params.id)),
  );
}
