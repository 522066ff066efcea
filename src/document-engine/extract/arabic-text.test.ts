// Arabic as text layers store it: presentation forms in visual order turned to reading order,
// Arabic-Indic digits, and Hijri (Umm al-Qura) dates read as their Gregorian day.
import { describe, expect, it } from 'vitest';
import { arabicLine, asciiDigits, hijriToIso } from './arabic-text.ts';
import { findDates } from './dates.ts';

describe('Arabic text and Hijri dates', () => {
  it('turns a visual-order line of presentation forms into reading order, elongations dropped', () => {
    // "تاريخ الفاتورة ١٤٤٦/٠٣/١٠" (invoice date) as a text layer stores it: letters and words right to left, an elongated word split.
    const visual = '١٤٤٦/٠٣/١٠ ﺓﺭﻮـ ـ ـﺗﺎﻔﻟﺍ ﺦـ ـﻳﺭﺎﺗ';
    expect(arabicLine(visual)).toBe('تاريخ الفاتورة 1446/03/10');
    expect(asciiDigits('١٢٢.٩٦')).toBe('122.96');
    expect(arabicLine('Invoice 42')).toBe('Invoice 42');
  });

  it('reads Hijri dates as their Gregorian day', () => {
    expect(hijriToIso(1445, 9, 1)).toBe('2024-03-11');
    expect(hijriToIso(1446, 3, 10)).toBe('2024-09-13');
    expect(findDates('تاريخ الفاتورة 1446/03/10')[0]?.iso).toBe('2024-09-13');
    expect(hijriToIso(1446, 13, 1)).toBeNull();
  });
});
