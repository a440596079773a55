/** A field of a resource as every layer sees it: its type, label and how lists and forms show it. */
export type FieldType =
  | 'string'
  | 'text'
  | 'int'
  | 'decimal'
  | 'boolean'
  | 'date'
  | 'enum'
  | 'enums'
  | 'refs'
  | 'json'
  | 'file';
export type Option = { value: string; label: string };

export type FieldDef<N extends string = string> = {
  name: N;
  label: string;
  type: FieldType;
  /** enum / enums: the allowed values with their labels. */
  options?: readonly Option[];
  /** refs: the resource whose ids this field holds (same property for property-scoped resources). */
  ref?: string;
  help?: string;
  /** Shown as a column of the list page. */
  list?: boolean;
  /** The list can be sorted by it (the sort enum gets NAME_ASC, NAME_DESC …). */
  sort?: boolean;
  /** The list can be filtered by it: enums by their values, text by a search box. */
  filter?: boolean;
  /** An enum filter that shows how many rows hold each value (a promotion's status), over the whole list before filters. */
  counts?: boolean;
  /** A form widget registered in the portal under this name replaces the default one. */
  widget?: string;
  /** The browser's autofill hint for the input (name, email, tel-national). */
  autoComplete?: string;
  /** The form's value for a new record. */
  initial?: unknown;
  /** The form shows the field only while another field holds one of these values (a promotion's discount, not for free nights); hidden, its value is dropped. */
  shownWhen?: { field: string; in: readonly string[] };
  /** file: the media types and the size the API accepts. */
  file?: { accept: readonly string[]; maxBytes: number };
  /** json: the value as one line of words, for the list and the read-back (a room's beds: '2 Single beds, 1 Sofa bed'). */
  summary?: (value: unknown) => string;
  /** Set by the brand's staff only (a commission): others see it read-only with this note, and the API refuses their changes to it. */
  staffOnly?: string;
};
