import { useCallback, useRef, useState } from 'react';
import type { CellValue } from './rates-model';

/** How many unsaved steps Ctrl+Z can go back. */
const UNDO_STEPS = 100;

/**
 * The grid's pending (unsaved) edits, by cell key, with the steps that made them: Ctrl+Z and
 * Ctrl+Shift+Z walk them back and forth before a save (issue 31). A save or a discard starts afresh.
 */
export function usePendingEdits(onDirty: (dirty: boolean) => void) {
  const [edits, setEdits] = useState(() => new Map<string, CellValue>());
  const current = useRef(edits);
  current.current = edits;
  const past = useRef<Map<string, CellValue>[]>([]);
  const future = useRef<Map<string, CellValue>[]>([]);
  const show = useCallback(
    (next: Map<string, CellValue>) => {
      current.current = next;
      setEdits(next);
      onDirty(next.size > 0);
    },
    [onDirty],
  );
  /** A new step: what the edits are now becomes undoable. */
  const change = useCallback(
    (next: Map<string, CellValue>) => {
      past.current.push(current.current);
      if (past.current.length > UNDO_STEPS) past.current.shift();
      future.current = [];
      show(next);
    },
    [show],
  );
  const undo = useCallback(() => {
    const prev = past.current.pop();
    if (!prev) return;
    future.current.push(current.current);
    show(prev);
  }, [show]);
  const redo = useCallback(() => {
    const next = future.current.pop();
    if (!next) return;
    past.current.push(current.current);
    show(next);
  }, [show]);
  /** After a save (or choosing theirs in a conflict): these edits, with no steps behind them. */
  const reset = useCallback(
    (next = new Map<string, CellValue>()) => {
      past.current = [];
      future.current = [];
      show(next);
    },
    [show],
  );
  return { edits, current, change, undo, redo, reset };
}
