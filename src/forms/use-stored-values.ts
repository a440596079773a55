import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormInstance } from 'antd';

/**
 * Puts a record's stored values into its form when they are first read and when a newer version
 * arrives, but never over what the user has started typing: a refetch (another tab's save, a live
 * update, the invalidation after a step's Save and continue) used to wipe it. Their save is then
 * checked against the version they started from, so a change made meanwhile comes back as a
 * conflict to resolve. `values` is read only when the version moves; null: nothing stored yet.
 * Answers `ownSave`, for onSaved: the version this page's own save makes is taken as it arrives.
 */
export function useStoredValues(
  form: FormInstance,
  o: {
    loaded: boolean;
    version: number | null;
    values: () => Record<string, unknown>;
    setVersion: (v: number | null) => void;
    /** What else names the record (a details section: one page component serves them all). */
    record?: string;
  },
) {
  const { loaded, version, setVersion, record = '' } = o;
  const at = `${record}@${version}`;
  const shown = useRef<string | undefined>(undefined);
  const shownRecord = useRef(record);
  const adopt = useRef(false);
  const read = useRef(o.values);
  read.current = o.values;
  // Read before the first render (a drawn page's reads, a cache): the fields' first render shows the
  // values, so a page drawn on the server shows them and is taken over as it was drawn. The effect
  // below then only takes the version: putting the same values in again redrew every field.
  const filled = useRef<string | undefined>(undefined);
  useState(() => {
    if (!loaded) return;
    form.setFieldsValue(o.values() as never);
    filled.current = at;
  });
  useEffect(() => {
    if (!loaded || at === shown.current) return;
    // Typing in this record (before its first answer arrived, too) is kept; another record's form starts afresh.
    const sameRecord = shown.current === undefined || shownRecord.current === record;
    if (sameRecord && form.isFieldsTouched() && !adopt.current) return;
    adopt.current = false;
    shown.current = at;
    shownRecord.current = record;
    if (at !== filled.current || form.isFieldsTouched()) {
      form.resetFields();
      form.setFieldsValue(read.current() as never);
    }
    filled.current = undefined;
    setVersion(version);
  }, [loaded, at, record, version, form, setVersion]);
  return {
    ownSave: useCallback(() => {
      adopt.current = true;
    }, []),
  };
}
