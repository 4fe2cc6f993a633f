import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { allEndpoints, Limits } from '@ptt/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

const jsonSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;

/** The OpenAPI document, generated from the contract's endpoint table. */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of allEndpoints()) {
    const params = jsonSchema(e.params) as { properties?: Record<string, unknown>; required?: string[] };
    const parameters = Object.entries(params.properties ?? {}).map(([name, schema]) => ({
      name,
      in: 'query',
      required: params.required?.includes(name) ?? false,
      schema,
    }));
    if (e.access !== 'public') {
      parameters.unshift(
        { name: 'access_token', in: 'query', required: true, schema: { type: 'string' } },
        { name: 'openid', in: 'query', required: false, schema: { type: 'string' } },
      );
    }
    paths[e.path] = {
      [e.method.toLowerCase()]: {
        summary: e.summary,
        tags: [e.path.split('/')[2]],
        description: `Access: ${e.access}. POST payloads travel form-encoded in the URL query.`,
        parameters,
        responses: {
          200: {
            description:
              'Envelope: code 20001 on success, otherwise a code of the contract and msg {en, cn, cn2}',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    code: { type: 'integer' },
                    msg: { type: 'object', properties: { en: {}, cn: {}, cn2: {} } },
                    data: jsonSchema(e.data),
                  },
                },
              },
            },
          },
        },
      },
    };
  }
  return { openapi: '3.0.3', info: { title: 'PTT Console API', version: Limits.version }, paths };
}

export async function registerDocs(app: FastifyInstance) {
  await app.register(swagger, { mode: 'static', specification: { document: openApiDocument() as never } });
  await app.register(swaggerUi, { routePrefix: '/docs' });
}
