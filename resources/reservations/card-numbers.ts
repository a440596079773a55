/** Only the last four digits of a card are ever kept. */
export const maskCard = (digits: string) => `•••• ${digits.slice(-4)}`;

/** The Luhn check every payment card number passes (and almost no other run of digits does). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** 13 to 19 digits, each group separated by at most one space or dash, not inside a longer run of digits or letters. */
const CARD_LIKE = /(?<![\p{L}\d])\d(?:[ -]?\d){12,18}(?![\p{L}\d])/gu;

/**
 * A card number typed into free text (a guest's special requests) is masked as the card field is:
 * every run of 13 to 19 digits, with or without spaces or dashes, that passes the Luhn check.
 * Booking references (letters among the digits), phone numbers and dates are left alone.
 */
export function maskCardNumbers(text: string): string {
  return text.replace(CARD_LIKE, (run) => {
    const digits = run.replace(/[ -]/g, '');
    return digits.length >= 13 && digits.length <= 19 && passesLuhn(digits) ? maskCard(digits) : run;
  });
}
