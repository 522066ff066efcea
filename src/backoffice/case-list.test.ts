// The case list's query string: what is kept, what is dropped, and the short links built from it.
import { describe, expect, it } from 'vitest';
import { caseListHref, parseCaseListQuery } from './case-list.service.ts';

describe('the case list query', () => {
  it('keeps what it knows and drops the rest', () => {
    expect(
      parseCaseListQuery({
        q: '  Acme ',
        kind: 'monitoring',
        state: 'nope',
        risk: 'none',
        from: '2026-02-30',
        to: '2026-03-01',
        sort: 'risk',
        page: '3',
        size: '100',
        decision: 'maybe',
        review: 'due',
        waiting: 'client',
        assignee: 'me',
      }),
    ).toEqual({
      q: 'Acme',
      kind: 'monitoring',
      state: '',
      risk: 'none',
      from: '',
      to: '2026-03-01',
      sort: 'risk',
      page: 3,
      size: 100,
      decision: '',
      review: 'due',
      waiting: 'client',
      assignee: 'me',
    });
    expect(parseCaseListQuery({ page: '0', size: '7', sort: 'x' })).toMatchObject({ page: 1, size: 25, sort: 'newest' });
  });

  it('makes short links that leave defaults out', () => {
    const q = parseCaseListQuery({ q: 'a b', state: 'open' });
    expect(caseListHref(q)).toBe('/backoffice/cases?q=a+b&state=open');
    expect(caseListHref(q, { page: 2, sort: 'name' })).toBe('/backoffice/cases?q=a+b&state=open&sort=name&page=2');
  });
});
