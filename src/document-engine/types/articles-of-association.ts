// biome-ignore-all format: word lists read better packed, a paragraph a language
// The articles of association document type: a company's articles (memorandum, bylaws, statutes).
import { extractArticles } from '../extract/corporate.ts';
import type { RegisterFields } from '../extract/fields.ts';
import { registerParts } from './company-register.ts';
import type { DocumentTypePlugin } from './plugin.ts';

export const articlesOfAssociation: DocumentTypePlugin<'articles_of_association', RegisterFields> = {
  type: 'articles_of_association',
  label: 'articles of association',
  requests: ['articles_of_association', 'memorandum_of_association'],
  modules: [],
  keywords: [
    ['articles of association', 7], ['memorandum of association', 6], ['memorandum and articles', 6], ['bylaws', 6], ['by laws', 5],
    ['satzung', 6], ['gesellschaftsvertrag', 5], ['statuts', 6], ['estatutos', 6], ['statuto', 5], ['statuten', 6], ['statut spółki', 6],
    ['general meeting', 2], ['share capital', 1], ['objects of the company', 3], ['board of directors', 1], ['interpretation', 1],
    ['model articles', 5], ['atto costitutivo', 5], ['acte constitutif', 5], ['contrato social', 6, 16], ['umowa spółki', 6, 16],
    ['articles of incorporation', 6], ['articles of organization', 6], ['operating agreement', 4], ['constitution of', 2], ['*定款', 7], ['*章程', 6],
    // A company's articles titled by the word alone, as the Companies Acts of Ireland (2014),
    // Singapore (2014), Malaysia (2016), Australia and New Zealand name them: a hint in the body, as
    // a body's "constitution" is as often the act of incorporating (French, Quebec's "date de la constitution").
    ['constitution', 1, 10],
  ],
  ...registerParts,
  extract: (_doc, d) => extractArticles(d),
};
