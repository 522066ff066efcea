// The `*_translated` addresses of the case's entities: the address in Latin script. An original
// already in Latin script is its own translation (accents kept); one in another script (Cyrillic,
// Greek, Arabic, Chinese…) is transliterated with any-ascii; no original, no translation. Pure.
import anyAscii from 'any-ascii';
import type { Address, EntityDetails } from './case-entities.ts';

// A letter of any script but Latin.
const NON_LATIN = /(?!\p{Script=Latin})\p{L}/u;

/** The text in Latin script: itself when it has no letter of another script, else transliterated. */
export function toLatin(text: string): string {
  return NON_LATIN.test(text) ? anyAscii(text).replace(/\s+/g, ' ').trim() : text;
}

export function translatedAddress(a: Address): Address {
  return {
    street_address: toLatin(a.street_address),
    city: toLatin(a.city),
    postcode: toLatin(a.postcode),
    country_code: a.country_code,
    state_or_province: toLatin(a.state_or_province),
  };
}

const blank = (a: Address | null | undefined) => !a || (!a.street_address && !a.city && !a.postcode && !a.state_or_province);
const same = (a: Address, b: Address) => a.street_address === b.street_address && a.city === b.city && a.postcode === b.postcode && a.state_or_province === b.state_or_province;

/** The translation an address should have instead of `current`: kept unless it is missing, a plain copy of the original, or left without an original. */
function translation(original: Address | null, current: Address | null): Address | null {
  if (blank(original)) return blank(current) ? current : original && { ...original };
  if (!blank(current) && !same(current!, original!)) return current;
  return translatedAddress(original!);
}

/** The entity with every address's translation filled from its original where it was missing or copied. */
export function withTranslations(e: EntityDetails): EntityDetails {
  if (e.type === 'company') {
    const legal = translation(e.legal_address, e.legal_address_translated)!;
    const operational = translation(e.operational_address, e.operational_address_translated)!;
    if (legal === e.legal_address_translated && operational === e.operational_address_translated) return e;
    return { ...e, legal_address_translated: legal, operational_address_translated: operational };
  }
  const residential = translation(e.residential_address, e.residential_address_translated);
  return residential === e.residential_address_translated ? e : { ...e, residential_address_translated: residential };
}
