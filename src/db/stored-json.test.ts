import { describe, expect, it } from 'vitest';
import { inlinePartyOf, messageAttachmentsOf, registerDetailsOf, registerOwnershipOf, scoreFactorsOf, StoredJsonError } from './stored-json.ts';

describe('decoding stored JSON columns', () => {
  it('reads a message’s attachments, leaving out an entry without a document and reading a missing name as empty', () => {
    expect(messageAttachmentsOf({ attachments: '[]' })).toEqual([]);
    expect(messageAttachmentsOf({ attachments: '[{"document_id":"d1","file_name":"a.pdf"},{"document_id":"d2"},{"file_name":"x.pdf"}]' })).toEqual([
      { document_id: 'd1', file_name: 'a.pdf' },
      { document_id: 'd2', file_name: '' },
    ]);
    expect(() => messageAttachmentsOf({ attachments: '{"document_id":"d1"}' })).toThrow(StoredJsonError);
    expect(() => messageAttachmentsOf({ attachments: 'not json' })).toThrow(/conversation_messages.attachments is not valid JSON/);
  });

  it('reads a stored score’s factors, an older factor without its detail included', () => {
    expect(scoreFactorsOf({ factors: '[{"factor":"country","points":20,"detail":"High-risk country"},{"factor":"findings_warning","points":5}]' })).toEqual([
      { factor: 'country', points: 20, detail: 'High-risk country' },
      { factor: 'findings_warning', points: 5, detail: '' },
    ]);
    expect(() => scoreFactorsOf({ factors: '[{"factor":"country","points":"20"}]' })).toThrow(StoredJsonError);
    expect(() => scoreFactorsOf({ factors: '{}' })).toThrow(StoredJsonError);
  });

  it('reads a register’s stake as a fraction or a range, and no stake from anything else', () => {
    expect(registerOwnershipOf({ ownership: '{"fraction":0.5}' })).toEqual({ fraction: 0.5 });
    expect(registerOwnershipOf({ ownership: '{"range":[0.25,0.5]}' })).toEqual({ range: [0.25, 0.5] });
    expect(registerOwnershipOf({ ownership: null })).toBeNull();
    expect(registerOwnershipOf({ ownership: '{"range":[0.25]}' })).toBeNull();
    expect(registerOwnershipOf({ ownership: '{"fraction":"half"}' })).toBeNull();
    expect(registerOwnershipOf({ ownership: 'oops' })).toBeNull();
  });

  it('reads a register entity’s details as an object, and refuses anything else', () => {
    expect(registerDetailsOf({ details: '{}' })).toEqual({});
    expect(registerDetailsOf({ details: '{"addresses":[]}' })).toEqual({ addresses: [] });
    expect(() => registerDetailsOf({ details: '[]' })).toThrow(/register_entities.details is not an object/);
  });

  it('reads a party written inline in a relationship', () => {
    expect(inlinePartyOf({ party: null })).toBeNull();
    expect(inlinePartyOf({ party: '{"entity_type":"person","name":"Ada Example","details":{"nationality":"British"}}' })).toEqual({
      entity_type: 'person',
      name: 'Ada Example',
      details: { nationality: 'British' },
    });
    expect(() => inlinePartyOf({ party: '{"entity_type":"trust","name":"X","details":{}}' })).toThrow(StoredJsonError);
    expect(() => inlinePartyOf({ party: '{"entity_type":"person","name":"X"}' })).toThrow(StoredJsonError);
  });
});
