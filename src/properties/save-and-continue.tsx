import { Button, type FormInstance } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { gqlKey, refreshGql } from '../portal/use-gql';
import { nextStep, stepAt, stepsFor } from '../../resources/domain';
import type { ManagedProperty } from '../../resources/properties/property.documents';
import { propertyKey } from '../layouts/property-outlet';

type Cached = { data?: { viewer: { property: ManagedProperty } } };

/**
 * "Save and continue" (issue 25): on a page that completes one of the property's steps, a second
 * submit that saves and then goes to the next step still to do, read from the property as it is
 * after the save; with none left, to the home, where the property can be asked to go live.
 */
export function useSaveAndContinue(property: ManagedProperty) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const base = `/properties/${property.id}`;
  const here = useLocation().pathname.slice(base.length + 1);
  const step = stepAt(here, stepsFor(property));

  async function goOn() {
    const key = propertyKey(property.id);
    // Everything read before the save is read again (the form's own record too, as its onSaved would):
    // the next step's page must not open on a version this save has replaced.
    await refreshGql(client, []);
    const fresh = (client.getQueryData(gqlKey(key)) as Cached | undefined)?.data?.viewer.property ?? property;
    const next = nextStep(fresh.publishable, stepsFor(fresh), step);
    navigate(next ? `${base}/${next.path}` : base);
  }
  return {
    /** Shown only on a page that is one of the steps. */
    button: (onClick: () => void, loading: boolean) =>
      step && (
        <Button icon={<ArrowRightOutlined aria-hidden />} iconPosition="end" loading={loading} onClick={onClick}>
          Save and continue
        </Button>
      ),
    /** What the save runs instead of its own onSaved: on to the next step. */
    goOn,
  };
}

/**
 * Validates and saves as the form's own submit does (its error summary included), then goes on:
 * `submit` is the page's onFinish taking a `then`, `failed` its onFinishFailed.
 */
export function continueWith<V>(
  form: FormInstance<V>,
  submit: (values: V, then: () => Promise<void>) => unknown,
  failed: (e: { errorFields: { errors: string[] }[] }) => void,
  goOn: () => Promise<void>,
) {
  // A validation overtaken by a change of the values (the record arriving as the page opens) is tried again.
  const attempt = (retries: number): Promise<unknown> =>
    form.validateFields().then(
      (values) => submit(values, goOn),
      (e: { errorFields?: { errors: string[] }[]; outOfDate?: boolean }) => {
        if (e.outOfDate && retries > 0) return attempt(retries - 1);
        if (e.errorFields?.length) failed(e as never);
      },
    );
  return () => attempt(2);
}
