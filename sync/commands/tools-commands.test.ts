import { describe, expect, it } from 'vitest';
import { ALL_COMMANDS } from './all-command-tables';
import { TOOLS_COMMANDS } from './tools-commands';

// Each tools command's body is a valid request of its endpoint, so what the console queued is what the platform takes.
const SAMPLES: Record<string, Record<string, unknown>> = {
  'shortLink.create': { longUrl: 'https://shop.example.com/a', expiresAt: null },
  'numberCheck.batch': { fileId: '01HX', batch_name: 'b', cus_id: 'EP0001' },
  'material.delete': { material_id: 'M-1' },
  'interact.reply': { cus_id: 'EP0001', decodeMobile: '13800138000', content: 'hi' },
};

describe('tools commands', () => {
  it('are in the table the outbox is given and build valid requests', () => {
    expect(Object.keys(TOOLS_COMMANDS).sort()).toEqual(Object.keys(SAMPLES).sort());
    for (const [type, cmd] of Object.entries(TOOLS_COMMANDS)) {
      expect(ALL_COMMANDS[type]).toBe(cmd);
      const parsed = cmd.endpoint.request.safeParse(cmd.body(SAMPLES[type]));
      expect(parsed.success, `${type}: ${parsed.error?.message}`).toBe(true);
    }
  });
});
