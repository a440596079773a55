/** '1 cell', '3 cells': a count with its noun, the one way texts count things. */
export const countOf = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** 'was' or 'were', agreeing with a count. */
export const wasOrWere = (n: number) => (n === 1 ? 'was' : 'were');
