// A British driving licence number read a look-alike off its shape (every number here is made up).
import { describe, expect, it } from 'vitest';
import { settleLicenceNumber } from './licence-numbers.ts';

describe('a British driving licence number', () => {
  it('is kept as printed when it has its shape', () => {
    expect(settleLicenceNumber('HALLO904121JD9XY', 'HALLORAN')).toBe('HALLO904121JD9XY');
    expect(settleLicenceNumber('LI999804121JD9XY', 'LI')).toBe('LI999804121JD9XY');
  });

  it('gets its look-alikes put back where the surname confirms the reading', () => {
    expect(settleLicenceNumber('HALL0904121JD9XY', 'HALLORAN')).toBe('HALLO904121JD9XY');
    expect(settleLicenceNumber('HALLO9O4121JD9XY', 'HALLORAN')).toBe('HALLO904121JD9XY');
    expect(settleLicenceNumber('HALLO904121J59XY', 'HALLORAN')).toBe('HALLO904121JS9XY');
  });

  it('is left unread when an initial or check letter was read as 0 or 1, which stand for several letters', () => {
    expect(settleLicenceNumber('HALLO904121J09XY', 'HALLORAN')).toBeNull();
    expect(settleLicenceNumber('HALLO904121JD9X1', 'HALLORAN')).toBeNull();
  });

  it('is left unread when the surname does not confirm a put-back reading, or is unknown', () => {
    expect(settleLicenceNumber('HALL0904121JD9XY', 'HALLIDAY')).toBeNull();
    expect(settleLicenceNumber('HALL0904121JD9XY', null)).toBeNull();
  });

  it('leaves numbers of other shapes alone', () => {
    expect(settleLicenceNumber('17AA12345', 'LEFEBVRE')).toBe('17AA12345');
    expect(settleLicenceNumber('F12345678901', 'FOSTER')).toBe('F12345678901');
    // An Italian tax code is sixteen characters too, four classes off the British shape.
    expect(settleLicenceNumber('RSSMRA85T10A562S', 'ROSSI')).toBe('RSSMRA85T10A562S');
  });
});
