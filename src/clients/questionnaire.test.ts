import { describe, expect, it } from 'vitest';
import { DEFAULT_QUESTIONNAIRE, isQuestionnaireDefinition, validateDefinition } from './questionnaire.ts';

const definition = {
  id: 'onboarding',
  version: 3,
  title: { en: 'About you', de: 'Über Sie' },
  questions: [
    { id: 'volume', text: 'How much?', type: 'single_choice', choices: ['little', { id: 'much', text: { en: 'Much' } }], required: true },
    { id: 'why', text: 'Why much?', type: 'free_text', condition: { question: 'volume', equals: 'much' } },
  ],
};

describe('the shape of a questionnaire definition', () => {
  it('accepts the default, a definition as stored, and what validation gives', () => {
    expect(isQuestionnaireDefinition(DEFAULT_QUESTIONNAIRE)).toBe(true);
    expect(isQuestionnaireDefinition(definition)).toBe(true);
    const checked = validateDefinition({ ...definition, version: undefined }, 4);
    expect(checked).toEqual({ ok: true, definition: { ...definition, version: 4 } });
  });

  it('refuses what is not one', () => {
    expect(isQuestionnaireDefinition(null)).toBe(false);
    expect(isQuestionnaireDefinition({ ...definition, version: '3' })).toBe(false);
    expect(isQuestionnaireDefinition({ ...definition, questions: [{ id: 'q', text: 'Q?', type: 'essay' }] })).toBe(false);
    expect(isQuestionnaireDefinition({ ...definition, questions: [{ id: 'q', text: { en: 1 }, type: 'free_text' }] })).toBe(false);
    expect(isQuestionnaireDefinition({ ...definition, questions: [{ id: 'q', text: 'Q?', type: 'free_text', condition: { question: 'x' } }] })).toBe(false);
    expect(validateDefinition({ id: 'x', title: 'T', questions: 'none' }, 1)).toMatchObject({ ok: false, problems: [{ path: '/questions' }] });
  });
});
