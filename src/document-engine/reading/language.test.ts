// The stop-word language detector on short business texts in each supported language.
import { describe, expect, it } from 'vitest';
import { detectLanguage } from './language.ts';

describe('detectLanguage', () => {
  it.each([
    ['en', 'Invoice for the consulting services of March. Please pay the total amount to our account within 30 days.'],
    ['de', 'Rechnung für die Beratung im März. Bitte zahlen Sie den Betrag innerhalb von 30 Tagen auf unser Konto, die Mehrwertsteuer ist enthalten.'],
    ['fr', 'Facture pour les services de conseil du mois de mars. Merci de payer le montant total sur notre compte dans les 30 jours.'],
    ['es', 'Factura por los servicios de consultoría del mes de marzo. Por favor pague el importe total en nuestra cuenta en un plazo de 30 días.'],
    ['it', 'Fattura per i servizi di consulenza del mese di marzo. Si prega di pagare il totale sul nostro conto entro 30 giorni, con la iva.'],
    ['nl', 'Factuur voor de adviesdiensten van maart. Gelieve het totaal bedrag binnen 30 dagen op onze rekening te betalen, de btw is inbegrepen.'],
    ['pl', 'Faktura za usługi doradcze w marcu. Prosimy o zapłatę całej kwoty na nasze konto w ciągu 30 dni, kwota netto i brutto jest podana.'],
    ['pt', 'Fatura dos serviços de consultoria do mês de março. Por favor pague o valor total na nossa conta no prazo de 30 dias, com o iva.'],
  ])('tells %s', (lang, text) => {
    expect(detectLanguage(text)).toBe(lang);
  });

  it('says nothing when the text is too short or has no words', () => {
    expect(detectLanguage('INV-2024-0042 1,234.50 EUR')).toBeNull();
    expect(detectLanguage('')).toBeNull();
  });

  it('is deterministic', () => {
    const text = 'Die Rechnung und the invoice';
    expect(detectLanguage(text)).toBe(detectLanguage(text));
  });
});
