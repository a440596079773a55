import type { MouseEvent } from 'react';

/**
 * For a link or button below a form whose fields check themselves on blur: pressing it leaves the
 * focus where it is, so no check message appears and pushes it down between press and release (the
 * click would land on nothing and be lost). The click itself, and keyboard use, are unchanged.
 */
export const KEEP_FOCUS = { onMouseDown: (e: MouseEvent) => e.preventDefault() } as const;
