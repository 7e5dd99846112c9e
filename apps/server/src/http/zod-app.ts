import { navItemSchema } from '@cool/shared';
import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';

export const zodApp = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
export type ZodApp = ReturnType<typeof zodApp>;

// A recursive schema cannot be inlined: the document names it once under components and refers to it.
z.globalRegistry.add(navItemSchema, { id: 'NavItem' });

/** The file of a multipart/form-data request; every upload route reads the one field "file". */
const multipartBody = {
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        required: ['file'],
        properties: { file: { type: 'string', format: 'binary' } },
      },
    },
  },
};

/**
 * The OpenAPI view of a route, from what the route already declares: the zod schemas as JSON schema,
 * a form body for `consumes: ['multipart/form-data']` (the file is read by the handler, not validated as
 * a body), and no token requirement for `config.access` public routes.
 */
export const documentTransform: SwaggerTransform = (input) => {
  const { schema, url } = jsonSchemaTransform(input);
  if (!schema || schema.hide) return { schema, url };
  const multipart = (schema.consumes as string[] | undefined)?.includes('multipart/form-data');
  const isPublic = input.route.config?.access !== undefined && 'public' in input.route.config.access;
  return {
    schema: {
      ...schema,
      ...(multipart && !schema.body ? { body: multipartBody } : {}),
      ...(isPublic ? { security: [] } : {}),
    },
    url,
  };
};

/** Adds the registered shared schemas (see above) to the document's components. */
export const documentTransformObject = jsonSchemaTransformObject;
