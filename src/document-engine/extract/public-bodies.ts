// biome-ignore-all format: the declaration reads better one body a line
// The public bodies documents name as their issuer — company registers, register courts, chambers,
// tax and licensing authorities — declared once. Each is looked for in up to three ways: as the
// body that keeps a company register (a register document's issuing authority), as the authority
// prose names as issuing a certificate or letter, and as words that make a would-be company name
// the name of a body instead.

interface PublicBody {
  /** Its name as documents print it, in its own case: a regular-expression fragment. */
  readonly name?: string;
  /** It keeps company registers: a certificate of incorporation or a register extract names it as its issuer. */
  readonly register?: true;
  /** Prose names it as the authority that issued a certificate or letter ("issued by …", a letterhead). */
  readonly authority?: true;
  /**
   * Words that, in a would-be company name (folded: lower case, unaccented), show it names this body
   * and no company: `true` for the name itself, or the shorter words that already do ("greffe").
   */
  readonly notCompany?: true | string;
}

const BODIES: readonly PublicBody[] = [
  // Tax, environment and financial authorities.
  { name: 'Revenue Authority', authority: true },
  { name: 'Revenue Service', authority: true },
  { name: 'Revenue (?:&|and) Customs', authority: true },
  { name: 'Tax Administration', authority: true },
  { name: 'Tax Agency', authority: true },
  { name: 'Environment Agency', authority: true },
  { name: 'Environmental Protection Agency', authority: true },
  { name: 'Financial Services Authority', authority: true },
  { name: 'Financial Conduct Authority', authority: true },
  // Company registrars, in English.
  { name: 'Registrar of Companies', register: true, authority: true },
  { name: 'Registrar of Corporate Affairs', register: true },
  { name: 'Registrar[- ]General', register: true },
  { name: 'Companies House', register: true, authority: true, notCompany: true },
  { name: 'Companies Office', register: true, notCompany: true },
  { name: 'Companies Registry', register: true, authority: true },
  { name: 'Companies Registration Office', register: true },
  { name: 'Corporate Affairs Commission', register: true, authority: true },
  { name: 'Companies and Intellectual Property Commission', register: true },
  // ASIC prints its name with an ampersand on its extracts.
  { name: 'Securities (?:and|&) Investments Commission', register: true },
  { name: 'Corporate Regulatory Authority', register: true },
  { name: 'Corporations Canada', register: true },
  { name: 'Secretary of State', register: true, authority: true, notCompany: true },
  { name: 'Division of Corporations', register: true },
  { name: 'Business Registration Office', register: true },
  { name: 'Registration Office', register: true, notCompany: true },
  { name: 'Chamber of Commerce(?: and Industry)?', register: true, authority: true, notCompany: true },
  // Registers, register courts and chambers in their own languages.
  { name: 'Kamer van Koophandel', register: true, notCompany: true },
  { name: 'Amtsgerichts?', register: true, notCompany: 'amtsgericht' },
  { name: 'Handelsgericht', register: true, notCompany: true },
  { name: 'Registergericht', register: true, notCompany: true },
  { name: 'Handelsregisteramt', register: true },
  { name: 'Greffe du [Tt]ribunal de [Cc]ommerce', register: true, notCompany: 'greffe' },
  // The OHADA states' registers are kept by a commercial court, of a class in Senegal ("Tribunal de Commerce Hors Classe de
  // Dakar"), or by a court of first instance (Cameroon's "Tribunal de Première Instance de Douala-Bonanjo").
  { name: 'Tribunal de [Cc]ommerce(?: [Hh]ors [Cc]lasse)?', register: true, notCompany: true },
  { name: 'Tribunal de [Pp]remi[èe]re [Ii]nstance', register: true, notCompany: true },
  { name: 'Registro Mercantil', register: true, notCompany: true },
  { name: 'Registro delle [Ii]mprese', register: true },
  { name: 'Camera di [Cc]ommercio', register: true, notCompany: true },
  { name: 'Banque[- ]Carrefour des [Ee]ntreprises', register: true, notCompany: 'banque carrefour' },
  { name: 'Krajowy Rejestr S[aą]dowy', register: true, notCompany: 'krajowy rejestr' },
  // A Hungarian register court, a county court's company court ("Fővárosi Törvényszék Cégbírósága").
  { name: 'C[ée]gb[ií]r[óo]s[áa]g(?:a)?', register: true, notCompany: 'cegbirosag' },
  { name: 'Bolagsverket', register: true },
  { name: 'Br[oø]nn[oø]ysundregistrene', register: true },
  { name: 'Erhvervsstyrelsen', register: true },
  { name: 'Ministry of Corporate Affairs', register: true },
  { name: 'Department of Economic Development', register: true },
  { name: 'Companies Commission', register: true },
  { name: 'Business Authority', register: true },
  { name: 'Business Registers', register: true },
  { name: 'Conservat[óo]ria do Registo Comercial', register: true },
  { name: 'Patentti- ja rekisterihallitus', register: true },
  { name: 'Oficiul Na[țţt]ional al Registrului Comer[țţt]ului', register: true },
  { name: 'Γενικ[οό] Εμπορικ[οό] Μητρ[ωώ]ο', register: true },
  { name: 'Receita Federal', register: true },
  { name: 'Ticaret Odas[ıi]', register: true },
  { name: 'Ticaret Sicili? M[üu]d[üu]rl[üu][ğg][üu]', register: true },
  { name: '(?:M[ěe]stsk|Krajsk)(?:[ýé]|ým) soud(?:em)?', register: true },
  // The register courts of Croatia ("Trgovački sud u Zagrebu") and Slovenia ("Okrožno sodišče v Ljubljani").
  { name: 'Trgova[čc]ki [Ss]ud', register: true, notCompany: 'trgovacki sud' },
  { name: 'Okro[žz]no [Ss]odi[šs][čc]e', register: true, notCompany: 'okrozno sodisce' },
  // Departments, ministries and offices of government.
  { name: 'Department of [A-Z][\\p{L}]+(?: (?:and|&) [A-Z][\\p{L}]+)?', authority: true, notCompany: 'department of' },
  { name: 'Directorate General of [A-Z][\\p{L}]+(?: [A-Z][\\p{L}]+)?', authority: true },
  { name: 'Ministry of [A-Z][\\p{L}]+(?: (?:and|&) [A-Z][\\p{L}]+)?', authority: true, notCompany: 'ministry of' },
  { name: 'Finanzamt', authority: true },
  { name: 'Gewerbeamt', authority: true },
  { name: 'Handelsregister', authority: true },
  { name: 'Agenzia delle Entrate', authority: true },
  { name: 'Agencia Tributaria', authority: true },
  { name: 'Autorit[eé] [\\p{L} ]{3,30}', authority: true },
  // Kinds of public body, whatever stands before them ("Securities and Exchange Commission", "Dubai Development Authority").
  { notCompany: '(?:affairs|property|securities|exchange|trade|regulatory|companies) commission' },
  { notCompany: '(?:revenue|regulatory|services|registration|centre|center|free zone|economic zone|development) authority' },
];

const names = (keep: (b: PublicBody) => boolean | undefined): string => `(?:${BODIES.filter(keep).map((b) => b.name).join('|')})`;

/** Bodies that keep company registers, as their certificates and extracts name themselves (a pattern). */
export const REGISTER_BODY = names((b) => b.register);

/** Kinds of public body, the end of an authority's name (a pattern). */
export const AUTHORITY_BODY = names((b) => b.authority);

/** A would-be company name that names a public body instead ("Registrar of Companies", "Amtsgericht München"); test it on folded text. */
export const NAMES_A_BODY = new RegExp(
  String.raw`\b(?:${BODIES.flatMap((b) => (b.notCompany === true ? [b.name] : b.notCompany ? [b.notCompany] : [])).join('|')})\b`,
  'i',
);
