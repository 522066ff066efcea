import { describe, expect, it } from 'vitest';
import { detailsFromValidation } from './error-handler.ts';

describe('validation details', () => {
  it('names unknown and missing fields with their paths', () => {
    expect(
      detailsFromValidation(
        [
          { instancePath: '/case', keyword: 'additionalProperties', params: { additionalProperty: 'colour' } },
          { instancePath: '/case', keyword: 'required', params: { missingProperty: 'modules' } },
        ],
        'body',
      ),
    ).toEqual([
      { path: '/case/colour', message: 'unknown field "colour"' },
      { path: '/case/modules', message: 'modules is required' },
    ]);
  });
  it('merges the allowed values of a union into one sentence', () => {
    const d = detailsFromValidation(
      [
        { instancePath: '/case/case_kind', keyword: 'const', params: { allowedValue: 'onboarding' } },
        { instancePath: '/case/case_kind', keyword: 'const', params: { allowedValue: 'monitoring' } },
        { instancePath: '/case/case_kind', keyword: 'anyOf', params: {} },
      ],
      'body',
    );
    expect(d).toEqual([{ path: '/case/case_kind', message: 'must be one of: onboarding, monitoring' }]);
  });
});
