import { describe, expect, it } from 'vitest';
import { maskCardNumbers, passesLuhn } from '../../resources/reservations/card-numbers';

describe('card numbers in free text', () => {
  it('knows the Luhn check', () => {
    expect(passesLuhn('4111111111111111')).toBe(true);
    expect(passesLuhn('4111111111111112')).toBe(false);
    expect(passesLuhn('378282246310005')).toBe(true); // Amex, 15 digits
  });

  it.each([
    ['Please charge 4111 1111 1111 1111 on arrival', 'Please charge •••• 1111 on arrival'],
    ['card 4111-1111-1111-1111.', 'card •••• 1111.'],
    ['4111111111111111', '•••• 1111'],
    ['amex 3782 822463 10005 thanks', 'amex •••• 0005 thanks'],
    ['two: 5555555555554444 and 4012888888881881', 'two: •••• 4444 and •••• 1881'],
    ['19 digits 4111111111111111110', '19 digits •••• 1110'],
  ])('masks %j', (text, masked) => {
    expect(maskCardNumbers(text)).toBe(masked);
  });

  it.each([
    'Booking HX003B37, ref 2027-03-05-0001',
    'Call +61 2 9123 4567 or 0412 345 678',
    'Arriving 2027-03-05 at 14:00, flight QF 1234567890123', // letters before the digits: part of a code
    'Order 4111111111111112 (not a card: fails Luhn)',
    'Twelve digits 411111111111',
    'Twenty digits 41111111111111111111',
    'Member 12345678901234567890123',
  ])('leaves %j alone', (text) => {
    expect(maskCardNumbers(text)).toBe(text);
  });
});
