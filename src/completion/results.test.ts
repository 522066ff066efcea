import { describe, expect, it } from 'vitest';
import { conversationResultOf } from './results.ts';
import { StoredJsonError } from '../lib/stored-json.ts';

const entry = {
  case_id: 'c1',
  conversation_id: 'v1',
  web_report_link: 'https://dossier.example/r/1',
  pdf_report_link: 'https://dossier.example/r/1.pdf',
  client_documents: [{ document_id: 'd1', document_type: 'invoice' }],
  conversation_log: [],
  main_entity_id: null,
  legal_entities: null,
};

describe('a stored conversation result', () => {
  it('is read as stored, an older entry without the entity fields included, unchanged', () => {
    expect(conversationResultOf({ result_json: JSON.stringify(entry) })).toEqual(entry);
    const { main_entity_id: _m, legal_entities: _l, ...older } = entry;
    expect(conversationResultOf({ result_json: JSON.stringify(older) })).toEqual(older);
  });

  it('is refused when missing or of another shape', () => {
    expect(() => conversationResultOf({ result_json: null })).toThrow(/conversations.result_json is missing/);
    expect(() => conversationResultOf({ result_json: '[]' })).toThrow(StoredJsonError);
    expect(() => conversationResultOf({ result_json: JSON.stringify({ ...entry, client_documents: [{ document_type: 'invoice' }] }) })).toThrow(StoredJsonError);
  });
});
