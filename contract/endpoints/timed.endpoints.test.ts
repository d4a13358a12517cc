import { describe, expect, it } from 'vitest';
import { timeBatchListRequest, timeMtMessageListRequest } from './timed.endpoints';

// A cleared status filter arrives as '' from the search bar: it must mean "any status", not 0 ("to be sent").
describe('timed list filters', () => {
  it.each([timeBatchListRequest, timeMtMessageListRequest])(
    'treats a blank status as unset and keeps a real one',
    (schema) => {
      expect(schema.parse({ send_status: '' }).send_status).toBeUndefined();
      expect(schema.parse({ send_status: '2' }).send_status).toBe(2);
      expect(schema.parse({ send_status: 0 }).send_status).toBe(0);
      expect(schema.safeParse({ send_status: 'x' }).success).toBe(false);
    },
  );
});
