import { z } from 'zod';
import { defineEndpoint, emptyResponse, pageOf, pageRequest } from '../endpoint';

// A sample CRUD resource: a generic item with the four methods GET, POST, PUT and DELETE. GET and DELETE carry their
// fields in the query string (numbers are coerced).

export const crudItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  remark: z.string(),
  create_time: z.number().int(),
});
export type CrudItem = z.infer<typeof crudItemSchema>;

const id = z.string({ error: 'v.crud.idRequired' }).max(200).trim().min(1, { error: 'v.crud.idRequired' });
const fields = {
  name: z.string({ error: 'v.crud.nameRequired' }).trim().min(1, { error: 'v.crud.nameRequired' }).max(100),
  remark: z.string().trim().max(500).default(''),
};

export const crudListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/crud/list',
  request: pageRequest.extend({ name: z.string().trim().max(100).optional() }),
  response: pageOf(crudItemSchema),
});

export const crudDeleteEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/crud/delete',
  request: z.object({ id }),
  response: emptyResponse,
});

export const crudAddEndpoint = defineEndpoint({
  path: '/crud/add',
  request: z.object(fields),
  response: crudItemSchema,
});

export const crudUpdateEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/crud/update',
  request: z.object({ id, ...fields }),
  response: crudItemSchema,
});
