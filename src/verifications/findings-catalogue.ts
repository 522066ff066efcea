// Every finding Dossier can raise, in one catalogue (src/findings/catalogue.ts says what an entry
// holds): the document engine's codes (its rule catalogue and the translation request), the
// screening's and the website check's, each declared by its owner beside the code that raises it.
// The dialog, the reports and the back office look codes up here, never by a text of their own.
import { ENGINE_FINDINGS } from '../document-engine/index.ts';
import { declareFindings, findingCatalogue, type FindingDeclaration } from '../findings/catalogue.ts';
import { SCREENING_CODES } from '../screening/findings.ts';
import { WEBSITE_RULES } from './website.ts';

/** The screening's codes (screening/findings.ts raises them), each with its highest severity and when it is raised. */
const SCREENING_RULES: Record<(typeof SCREENING_CODES)[number], Omit<FindingDeclaration, 'code'>> = {
  sanctions_match: {
    severity: 'critical',
    when: 'a company or person of the case matches an entry of a sanctions list: critical when the match is strong or confirmed by an analyst, else information',
  },
  pep_match: { severity: 'warning', when: 'a person of the case matches an entry of a list of politically exposed persons: a warning when strong or confirmed, else information' },
  pep_not_declared: { severity: 'warning', when: 'a person declared not being a politically exposed person but matches an entry of a PEP list' },
};

export const FINDINGS = findingCatalogue(
  ENGINE_FINDINGS,
  declareFindings(
    'screening',
    // Never shown to the company's user: telling a client of a list match can tip them off.
    SCREENING_CODES.map((code) => ({ code, ...SCREENING_RULES[code], forUser: false })),
  ),
  declareFindings('website', WEBSITE_RULES),
);
