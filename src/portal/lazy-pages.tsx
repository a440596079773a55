import { lazy, Suspense, type ComponentType } from 'react';
import { Spin } from 'antd';
import type { SectionKey } from '../../resources/properties/details.resource';
import type { ResourceDef } from '../../resources/define-resource';

/**
 * Pages behind the portal's shell, each its own chunk: a property home never loads the tables,
 * date pickers and forms of the pages the user has not opened.
 */
function lazyPage<P extends object>(load: () => Promise<Record<string, unknown>>, name: string): ComponentType<P> {
  const Page = lazy(async () => ({ default: (await load())[name] as ComponentType<P> }));
  return (props: P) => <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} />}><Page {...props} /></Suspense>;
}

export const DetailsSectionPage = lazyPage<{ section: SectionKey }>(() => import('../pages/property/details-section.page'), 'DetailsSectionPage');
export const ContactPage = lazyPage(() => import('../pages/property/contact.page'), 'ContactPage');
export const ResourceListPage = lazyPage<{ def: ResourceDef }>(() => import('../resources/resource-list.page'), 'ResourceListPage');
export const ResourceFormPage = lazyPage<{ def: ResourceDef; action: 'create' | 'edit' }>(() => import('../resources/resource-form.page'), 'ResourceFormPage');
export const GroupDashboardPage = lazyPage(() => import('../pages/group/group-dashboard.page'), 'GroupDashboardPage');
export const ApiHealthPage = lazyPage(() => import('../pages/staff/api-health.page'), 'ApiHealthPage');
export const UserDetailsPage = lazyPage(() => import('../pages/account/user-details.page'), 'UserDetailsPage');
export const UserDetailsUpdatePage = lazyPage(() => import('../pages/account/user-details-update.page'), 'UserDetailsUpdatePage');
