import { describe, expect, it } from 'vitest';
import { foldUsername } from './usernames.ts';

describe('foldUsername', () => {
  it('makes names that differ only in case or compatibility form equal', () => {
    expect(foldUsername('ADMINA')).toBe('admina');
    expect(foldUsername('AdminA')).toBe(foldUsername('admina'));
    expect(foldUsername('ａｄｍｉｎａ')).toBe('admina');
    expect(foldUsername('straße')).toBe(foldUsername('STRASSE'));
    expect(foldUsername('bank-a')).not.toBe(foldUsername('bank-b'));
  });
});
