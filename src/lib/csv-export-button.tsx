import { countOf } from '../../resources/plural';
import { useState } from 'react';
import { useStoredText } from './use-stored-text';
import { App, Button, Progress, Space } from 'antd';
import { DropdownOnDemand } from './dropdown-on-demand';
import { DownloadOutlined, DownOutlined } from '@ant-design/icons';
import {
  CSV_SEPARATORS,
  DEFAULT_SEPARATOR,
  isCsvSeparator,
  type CsvSeparator,
} from '../../resources/reservations/csv-format';

const SEPARATOR_KEY = 'extranet.csvSeparator';

export type CsvExport = {
  /** The server's export path (GET, session cookies). */
  path: string;
  /** The list's filter as it is in the address, and the property (none for staff's property list). */
  search: URLSearchParams;
  propertyId?: number;
  filename: string;
  /** What a row is, for "Exported 12 reservations." */
  noun: readonly [one: string, many: string];
  failMessage: string;
};

/**
 * Export CSV: every row of the current filter, streamed by the server. The rows are counted as
 * they arrive against X-Total-Count, so a large export shows how far it has got. One button for
 * every export (reservations, trails).
 */
export function CsvExportButton({ path, search, propertyId, filename, noun, failMessage }: CsvExport) {
  const { message } = App.useApp();
  const [percent, setPercent] = useState<number | null>(null);
  // The separator chosen last on this browser (a spreadsheet's locale does not change between exports).
  const [stored, choose] = useStoredText(SEPARATOR_KEY);
  const separator: CsvSeparator = isCsvSeparator(stored) ? stored : DEFAULT_SEPARATOR;

  async function run() {
    setPercent(0);
    try {
      const params = new URLSearchParams(search);
      params.delete('page');
      params.delete('limit');
      if (propertyId !== undefined) params.set('propertyId', String(propertyId));
      params.set('separator', separator);
      const response = await fetch(`${path}?${params}`, { credentials: 'same-origin' });
      if (!response.ok || !response.body) {
        const body = await response.json().catch(() => ({}));
        throw new Error(body.error ?? failMessage);
      }
      const total = Number(response.headers.get('x-total-count') ?? 0);
      const reader = response.body.getReader();
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      let lines = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value as Uint8Array<ArrayBuffer>);
        for (const byte of value) if (byte === 10) lines++;
        if (total) setPercent(Math.min(99, Math.floor(((lines - 1) / total) * 100)));
      }
      const url = URL.createObjectURL(new Blob(chunks, { type: 'text/csv' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = filename;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setPercent(100);
      message.success(`Exported ${countOf(total, noun[0], noun[1])}.`);
    } catch (error) {
      message.error(error instanceof Error && error.message !== 'Failed to fetch' ? error.message : failMessage);
    } finally {
      setTimeout(() => setPercent(null), 1500);
    }
  }

  return (
    <span className="csv-export no-print">
      <Space.Compact>
        <Button onClick={run} loading={percent !== null && percent < 100} icon={<DownloadOutlined />}>
          Export CSV
        </Button>
        <DropdownOnDemand
          placement="bottomRight"
          menu={{
            selectable: true,
            selectedKeys: [separator],
            items: Object.entries(CSV_SEPARATORS).map(([key, s]) => ({ key, label: `Separate with ${s.label}` })),
            onClick: ({ key }) => choose(key as CsvSeparator),
          }}
        >
          <Button icon={<DownOutlined />} aria-label={`CSV separator: ${CSV_SEPARATORS[separator].label}`} />
        </DropdownOnDemand>
      </Space.Compact>
      {percent !== null && (
        <Progress
          percent={percent}
          size="small"
          style={{ width: 120, marginInlineStart: 8 }}
          aria-label="Export progress"
        />
      )}
    </span>
  );
}
