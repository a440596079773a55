import { describe, expect, it } from 'vitest';
import { money } from '../../src/reservations/reservation-format';

/** What the portal showed before, through Intl: the reference. */
const intl = (amount: string, currency: string) =>
  `${currency} ${Number(amount).toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describe('money', () => {
  it('writes amounts to the cent with en-AU grouping', () => {
    expect(money('25855', 'AUD')).toBe('AUD 25,855.00');
    expect(money('1234567.5', 'USD')).toBe('USD 1,234,567.50');
    expect(money('360.00', 'AUD')).toBe('AUD 360.00');
    expect(money('0', 'NZD')).toBe('NZD 0.00');
    expect(money('-1200.1', 'AUD')).toBe('AUD -1,200.10');
    expect(money('999.999', 'AUD')).toBe('AUD 1,000.00');
  });

  it('answers as Intl does for every amount in cents the API or a sum of cents gives', () => {
    const amounts = [
      '1e21',
      '-2.5e22',
      '0',
      '0.01',
      '0.1',
      '7',
      '12.5',
      '100',
      '999.99',
      '1000',
      '-0.5',
      '-99999.99',
      '123456789.12',
    ];
    for (let cents = -250_000; cents <= 2_500_000; cents += 997) amounts.push(String(cents / 100));
    for (const amount of amounts) expect(money(amount, 'AUD')).toBe(intl(amount, 'AUD'));
  });

  it('shows what it was given where that is not a number', () => {
    expect(money('n/a', 'AUD')).toBe('AUD n/a');
  });
});
