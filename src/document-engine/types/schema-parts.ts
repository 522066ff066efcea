// Pieces the field schemas of several document types share: nullable text, a period, a party as an
// invoice or contract prints it, an invoice line.
import { Type, type TSchema } from '@sinclair/typebox';

/** A value that may not have been read: null when missing from an older stored row. */
export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()], { default: null });
/** Text that may not have been read. */
export const Text = Nullable(Type.String());
/** An ISO date (YYYY-MM-DD) that may not have been read. */
export const Day = Text;
/** An exact decimal amount ("1234.56") that may not have been read. */
export const Amount = Text;
export const Period = Nullable(Type.Object({ from: Type.String(), to: Type.String() }));

export const Party = Type.Object({
  name: Text,
  address: Text,
  registration_number: Text,
  vat_id: Text,
  iban: Text,
  country_code: Text,
  email: Type.Optional(Type.String()),
});

export const Line = Type.Object({
  description: Type.String(),
  quantity: Nullable(Type.Number()),
  unit_price: Amount,
  amount: Amount,
});
