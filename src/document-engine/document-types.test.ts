// The requested document types and the classified types each accepts.
import { describe, expect, it } from 'vitest';
import { acceptedTypes, requestedDocType } from './document-types.ts';

describe('requested document types', () => {
  it('accepts an identity document for every identity request, driving licences included', () => {
    for (const requested of ['proof_of_identity', 'passport', 'id_card', 'identity_document', 'driving_licence', 'Driving_License']) {
      expect(acceptedTypes(requested)).toContain('proof_of_identity');
    }
  });

  it('accepts an invoice for a utility bill request', () => {
    expect(acceptedTypes('utility_bill')).toContain('invoice');
  });

  it('leaves open requests open', () => {
    expect(acceptedTypes('other_document')).toBeNull();
    expect(requestedDocType('something_else')).toBeNull();
  });
});
