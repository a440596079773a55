import { Can } from '../../access/ability';
import { CsvExportButton } from '../../lib/csv-export-button';
import { isFiltered, searchFromFinderQuery, type FinderQuery } from '../../../resources/properties/property-finder';
import { FINDER_EXPORT_PATH, FINDER_EXPORT_TEXTS } from '../../../resources/properties/finder-export';
import { BulkStatus } from './bulk-status';

/** Staff's actions on the finder's list as filtered (issue 30): export it as CSV; change the statuses of a filtered list. */
export function StaffListActions({ query }: { query: FinderQuery }) {
  return (
    <>
      <CsvExportButton
        path={FINDER_EXPORT_PATH}
        search={searchFromFinderQuery(query)}
        filename={FINDER_EXPORT_TEXTS.filename(new Date().toISOString().slice(0, 10))}
        noun={['property', 'properties']}
        failMessage={FINDER_EXPORT_TEXTS.failed}
      />
      {isFiltered(query) && (
        <Can I="update" a="PropertyStatus">
          <BulkStatus query={query} />
        </Can>
      )}
    </>
  );
}
