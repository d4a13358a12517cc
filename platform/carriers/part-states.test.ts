import { describe, expect, it } from 'vitest';
import { STATUS } from '../smpp-wire/command-status';
import { isTemporary, partStateOf, recordStatusOf } from './part-states';

// A long message is delivered when all its parts are; one failed part fails it; parts with no final word leave it
// unknown. Throttles and queue-full answers are tried again; a refused destination is final.

describe('part states', () => {
  it('reads receipt stat words, in any case', () => {
    expect(
      ['DELIVRD', 'undeliv', 'REJECTD', 'DELETED', 'EXPIRED', 'ENROUTE', 'ACCEPTD', 'UNKNOWN', 'garbage'].map(
        partStateOf,
      ),
    ).toEqual(['delivered', 'failed', 'failed', 'failed', 'expired', 'pending', 'pending', 'unknown', 'unknown']);
  });

  it('gives the record its state from all its parts', () => {
    expect(recordStatusOf(['delivered', 'delivered', 'delivered'])).toBe(0);
    expect(recordStatusOf(['delivered', 'pending', 'delivered'])).toBeNull();
    expect(recordStatusOf(['delivered', 'failed', 'expired'])).toBe(700);
    expect(recordStatusOf(['delivered', 'expired'])).toBe(700);
    expect(recordStatusOf(['delivered', 'unknown'])).toBe(600);
    expect(recordStatusOf(['unknown'])).toBe(600);
    expect(recordStatusOf([])).toBeNull();
  });

  it('tells temporary refusals from final ones', () => {
    for (const s of [STATUS.RTHROTTLED, STATUS.RMSGQFUL, STATUS.RSYSERR, STATUS.RX_T_APPN, STATUS.RINVBNDSTS])
      expect(isTemporary(s)).toBe(true);
    for (const s of [STATUS.RINVDSTADR, STATUS.RINVSRCADR, STATUS.RSUBMITFAIL, STATUS.RINVMSGLEN, 0x0401])
      expect(isTemporary(s)).toBe(false);
  });
});
