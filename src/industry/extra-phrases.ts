// Dossier's own phrases for activities that the ONS index of UK SIC 2007 words differently or not
// at all (it predates payment institutions, e-money and crypto assets): added to the phrases of the
// code they belong to, so a description in today's words finds the code. Pure data.

export const EXTRA_PHRASES: Record<string, string[]> = {
  '66190': [
    'payment institution',
    'payment services provider',
    'payment processing',
    'card acquiring',
    'merchant acquiring',
    'payment gateway',
    'electronic money institution',
    'e-money issuer',
    'money transfer',
    'money remittance',
    'remittance services',
    'money transmission',
    'cryptocurrency exchange',
    'crypto asset exchange',
    'virtual currency exchange',
  ],
  '47910': ['online shop', 'web shop', 'online store', 'e-commerce retailer', 'internet shop'],
  '62012': ['software company', 'software as a service platform', 'app development', 'web application development'],
  '69102': ['law firm', 'legal services', 'lawyers'],
  '69201': ['accountants', 'accountancy practice', 'accounting firm'],
  '92000': ['online casino', 'sports betting', 'online gambling', 'bookmaker'],
  '49410': ['road haulage', 'haulage contractor', 'trucking company'],
  '96020': ['hair salon', 'beauty salon', 'barbers'],
};
